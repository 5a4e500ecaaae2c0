// sixdot's page: it shows and announces what the server's seat says, and sends
// what the player does. It makes no words of its own about the game: every
// line comes from the same phrasebooks and presenters as the terminal's.

const $ = (id) => document.getElementById(id);
const log = $("log"), urgent = $("urgent"), history = $("history"), hand = $("hand");
const KEEP = 200; // lines kept in the announcing region (the history keeps all)
let socket = null, items = [], at = 0, wasOpen = false, down = false;

function status(text) {
  $("status").textContent = text;
  announce([text], false);
}

// Each line is a new node in the log region, so a line identical to the one
// before is still spoken; urgent lines go to the assertive region instead,
// never to both. Every line goes to the visible history.
function announce(lines, isUrgent) {
  for (const line of lines) {
    const li = document.createElement("li");
    li.textContent = line;
    if (isUrgent) li.className = "urgent"; // shown in bold: where attention goes
    history.append(li);
  }
  history.scrollTop = history.scrollHeight;
  if (isUrgent) {
    urgent.textContent = "";
    requestAnimationFrame(() => { urgent.textContent = lines.join(" "); });
    return;
  }
  for (const line of lines) {
    const p = document.createElement("p");
    p.textContent = line;
    log.append(p);
  }
  while (log.childElementCount > KEEP) log.firstElementChild.remove();
}

function showFocus(list) {
  items = list;
  at = 0;
  hand.replaceChildren(...list.map((item, i) => {
    const li = document.createElement("li");
    li.id = `option-${i}`;
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", "false");
    li.textContent = item.label;
    li.addEventListener("click", () => { at = i; mark(); choose(); });
    return li;
  }));
  mark();
}

function mark() {
  hand.querySelectorAll("[role=option]").forEach((li, i) => {
    li.setAttribute("aria-selected", String(i === at));
  });
  if (items.length) hand.setAttribute("aria-activedescendant", `option-${at}`);
  else hand.removeAttribute("aria-activedescendant");
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else announce(["Not sent: the connection is down."], true);
}

function choose() {
  if (items.length) send({ type: "line", text: `choose ${at + 1}` });
}

hand.addEventListener("keydown", (event) => {
  const last = items.length - 1;
  const moves = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1,
    Home: 0, End: last };
  if (event.key in moves) {
    at = Math.max(0, Math.min(last, moves[event.key]));
  } else if (event.key === "Enter") {
    choose();
  } else if (event.key.length === 1 && /\S/.test(event.key)) {
    // A letter goes to the next item starting with it, round from the end.
    const letter = event.key.toLowerCase();
    for (let step = 1; step <= items.length; step++) {
      const i = (at + step) % items.length;
      if (items[i].label.toLowerCase().startsWith(letter)) { at = i; break; }
    }
  } else {
    return;
  }
  event.preventDefault();
  mark();
});

$("command-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const line = $("line");
  send({ type: "line", text: line.value });
  line.value = "";
});

$("account-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const kind = event.submitter ? event.submitter.value : "login";
  send({ type: kind, name: $("name").value, password: $("password").value });
  $("password").value = "";
});

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/web${location.search}`);
  socket.addEventListener("open", () => {
    status(down ? "Connected again." : "Connected.");
    wasOpen = true;
    down = false;
    const token = localStorage.getItem("sixdot-token");
    if (token) send({ type: "resume", token });
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "lines") announce(message.lines, message.urgent);
    else if (message.type === "focus") showFocus(message.items);
    else if (message.type === "session") {
      if (message.token) localStorage.setItem("sixdot-token", message.token);
      else localStorage.removeItem("sixdot-token");
      $("account").hidden = Boolean(message.token);
      if (message.token) $("line").focus();
    }
  });
  socket.addEventListener("close", () => {
    if (wasOpen && !down) status("Connection lost: trying again.");
    down = wasOpen;
    setTimeout(connect, 1000);
  });
}

connect();
