// sixdot's page: it shows and announces what the server's seat says, and sends
// what the player does. It makes no words of its own about the game: every
// line comes from the same phrasebooks and presenters as the terminal's.

const $ = (id) => document.getElementById(id);
const log = $("log"), urgent = $("urgent"), history = $("history"), hand = $("hand");
const KEEP = 200; // lines kept in the announcing region (the history keeps all)
let socket = null, items = [], at = 0, wasOpen = false, down = false, wasShown = false;
let picking = null, picked = new Set(); // [verb, how many] while several cards are picked
// What the page says itself while the connection is down: the server's words,
// kept from the last connection.
let words = JSON.parse(localStorage.getItem("sixdot-words") || "{}");

function status(text) {
  if (!text) return;
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

function showFocus(list, pick) {
  items = list;
  at = 0;
  picking = pick;
  picked = new Set();
  if (pick) hand.setAttribute("aria-multiselectable", "true");
  else hand.removeAttribute("aria-multiselectable");
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

// Without picking, the focused card is the selected option; while picking,
// the cards Space selected are, and the focus is outlined on its own.
function mark() {
  hand.querySelectorAll("[role=option]").forEach((li, i) => {
    li.setAttribute("aria-selected", String(picking ? picked.has(i) : i === at));
    li.classList.toggle("focused", i === at);
  });
  if (items.length) hand.setAttribute("aria-activedescendant", `option-${at}`);
  else hand.removeAttribute("aria-activedescendant");
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else if (words.not_sent) announce([words.not_sent], true);
}

function choose() {
  if (picking && picked.size) {
    const cards = [...picked].sort((a, b) => a - b).map((i) => items[i].pick);
    send({ type: "line", text: `${picking[0]} ${cards.join(" ")}` });
  } else if (items.length) {
    send({ type: "line", text: `choose ${at + 1}` });
  }
}

// Up and Down go to the first card of the group before or after this one.
function group(step) {
  const here = items[at].group;
  let i = at;
  while (i + step >= 0 && i + step < items.length && items[i + step].group === here) i += step;
  i += step;
  if (i < 0 || i >= items.length) return at;
  const there = items[i].group;
  while (i - 1 >= 0 && items[i - 1].group === there) i -= 1;
  return i;
}

hand.addEventListener("keydown", (event) => {
  const last = items.length - 1;
  if (!items.length) return;
  const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: last };
  if (event.key in moves) {
    at = Math.max(0, Math.min(last, moves[event.key]));
  } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    at = group(event.key === "ArrowDown" ? 1 : -1);
  } else if (event.key === "Enter") {
    choose();
  } else if (event.key === " " && picking && items[at].pick) {
    if (picked.has(at)) picked.delete(at);
    else picked.add(at);
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
    if (down) status(words.back);
    wasOpen = true;
    down = false;
    const token = localStorage.getItem("sixdot-token");
    if (token) send({ type: "resume", token });
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "words") {
      words = message;
      localStorage.setItem("sixdot-words", JSON.stringify(message));
    } else if (message.type === "lines") {
      if (!wasShown) { $("status").textContent = message.lines[0]; wasShown = true; }
      announce(message.lines, message.urgent);
    }
    else if (message.type === "focus") showFocus(message.items, message.picking);
    else if (message.type === "session") {
      if (message.token) localStorage.setItem("sixdot-token", message.token);
      else localStorage.removeItem("sixdot-token");
      $("account").hidden = Boolean(message.token);
      if (message.token) $("line").focus();
    }
  });
  socket.addEventListener("close", () => {
    if (wasOpen && !down) status(words.lost);
    down = wasOpen;
    setTimeout(connect, 1000);
  });
}

connect();
