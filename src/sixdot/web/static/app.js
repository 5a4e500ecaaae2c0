// sixdot's page: it shows and announces what the server's seat says, and sends
// what the player does. It makes no words of its own about the game: every
// line comes from the same phrasebooks and presenters as the terminal's.

const $ = (id) => document.getElementById(id);
const log = $("log"), history = $("history"), hand = $("hand");
const KEEP = 200; // lines kept in the announcing region (the history keeps all)
let socket = null, items = [], at = 0, wasOpen = false, down = false, wasShown = false;
let picking = null, picked = new Set(); // [verb, how many] while several cards are picked
let typed = ""; // letters typed in the cards in a row, as the terminal's type-ahead
const sent = []; // the lines sent in this page, walked by Up and Down in the field
let back = 0; // how far back Up has gone in them
// What the page says itself while the connection is down: the server's words,
// kept from the last connection.
let words = JSON.parse(localStorage.getItem("sixdot-words") || "{}");

function status(text) {
  if (!text) return;
  $("status").textContent = text;
  announce([text], false);
}

// Each line is a new node of the one log region, in order, so a line
// identical to the one before is still spoken. Urgent lines (the turn, a
// refusal) go there too, in their place, shown in bold in the history: an
// assertive region would be said sooner, but Orca drops every polite line
// still waiting when an assertive one comes (scripts/orca-web-check: 92 of
// 222 lines said so), and a turn's news is what comes just before it.
// Every line goes to the visible history.
function announce(lines, isUrgent) {
  for (const line of lines) {
    const item = document.createElement("div");
    item.setAttribute("role", "listitem");
    item.textContent = line;
    if (isUrgent) item.className = "urgent"; // shown in bold: where attention goes
    lastPart().append(item);
    const p = document.createElement("p");
    p.textContent = line;
    log.append(p);
  }
  while (log.childElementCount > KEEP) log.firstElementChild.remove();
  if (!scrolling) scrolling = requestAnimationFrame(scrollHistory);
}

// The history is one list of every line, kept in parts of PART lines (plain
// divs, which screen readers pass over: the list and its items are all they
// hear). Adding a line to one list of thousands made Chromium lay out, walk
// and paint the whole list on every frame (4 ms a frame at 100 lines, 10 at
// 2,000); a part's size is known, so the parts out of sight are skipped
// (app.css: content-visibility) and a new line costs its own part's lines.
const PART = 50;
function lastPart() {
  let part = history.lastElementChild;
  if (!part || part.childElementCount >= PART) {
    part = document.createElement("div");
    history.append(part);
  }
  return part;
}

// The history shows its newest line, scrolled to once a frame: reading its
// height in each message's handler forced a layout of the whole history
// there (2 to 15 ms at 100 to 3000 lines), and the lines of the frames
// queued behind waited for each.
let scrolling = 0;
function scrollHistory() {
  scrolling = 0;
  history.scrollTop = history.scrollHeight;
}

// On a touch screen (a coarse pointer) the cards are plain buttons, which
// touch screen readers offer one by one; with a keyboard, a listbox with one
// tab stop, walked as the terminal walks the cards.
const touch = () => matchMedia("(pointer: coarse)").matches;

function showFocus(list, pick) {
  items = list;
  at = 0;
  typed = "";
  picking = pick;
  picked = new Set();
  if (touch()) return showButtons();
  hand.setAttribute("role", "listbox");
  hand.tabIndex = 0;
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

// A tap plays the card, or, while picking, selects it (pressed) or drops it;
// Send then sends the cards selected. The focus, when it was on a card, goes
// to the first new card (the command field when there is none), never lost.
function showButtons() {
  const had = hand.contains(document.activeElement);
  hand.removeAttribute("role");
  hand.removeAttribute("tabindex");
  hand.removeAttribute("aria-multiselectable");
  hand.removeAttribute("aria-activedescendant");
  hand.replaceChildren(...items.map((item, i) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = item.label;
    if (picking) button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", () => {
      at = i;
      if (!picking || !item.pick) return choose();
      toggle(i);
      button.setAttribute("aria-pressed", String(picked.has(i)));
    });
    li.append(button);
    return li;
  }));
  if (had) (hand.querySelector("button") || $("line")).focus();
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

function toggle(i) {
  if (picked.has(i)) picked.delete(i);
  else picked.add(i);
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

// A walking key that meets an end says so (the terminal's words), so
// silence never means stuck; the focus stays where it was.
function end(key) {
  if (words.ends && words.ends[key]) announce([words.ends[key]], false);
  return at;
}

// Where the group of item `i` starts, and where the next one starts.
function span(i) {
  let first = i, after = i + 1;
  while (first > 0 && items[first - 1].group === items[i].group) first -= 1;
  while (after < items.length && items[after].group === items[i].group) after += 1;
  return [first, after];
}

// Up and Down: the first card of the next or previous group; a list without
// groups is one group, so they say its ends.
function group(step) {
  const [first, after] = span(at);
  if (step > 0) return after < items.length ? after : end("focus-last-group");
  return first > 0 ? span(first - 1)[0] : end("focus-first-group");
}

// Ctrl+Right and Ctrl+Left: the next or previous card that can be played now.
function playable(step) {
  for (let i = at + step; i >= 0 && i < items.length; i += step) if (items[i].playable) return i;
  return end("focus-no-playable");
}

// On a board, the nearest square that way; at the edge, say so.
function square(rows, columns) {
  const [row, column] = items[at].at;
  for (let distance = 1; distance <= 2 * items.length; distance++) {
    const spot = `${row + rows * distance},${column + columns * distance}`;
    const found = items.findIndex((item) => item.at && item.at.join() === spot);
    if (found >= 0) return found;
  }
  return end("focus-board-edge");
}

// Letters typed in the cards: one letter goes to the next card it may jump
// to, round from the last; more in a row to the card whose name starts with
// them; letters no card starts with are typed text, in the command field.
function matching(text) {
  if (!/^[\p{L} ]+$/u.test(text)) return null;
  const start = at + (text.length === 1 ? 1 : 0);
  for (let step = 0; step < items.length; step++) {
    const i = (start + step) % items.length;
    if (text.length === 1 && items[i].jump.toUpperCase().includes(text.toUpperCase())) return i;
    if (text.length > 1 && items[i].label.toLowerCase().startsWith(text.toLowerCase())) return i;
  }
  return null;
}

function typeAhead(letter) {
  let text = typed + letter, found = matching(text);
  if (found === null && text.toLowerCase() === letter.toLowerCase().repeat(text.length)) {
    text = letter; // the same letter again: the next card it fits
    found = matching(text);
  }
  if (found !== null) {
    typed = text;
    return found;
  }
  typed = "";
  const line = $("line");
  line.value = text;
  line.focus();
  return at;
}

function walk(event) {
  const last = items.length - 1, board = items[at].at, key = event.key;
  const arrows = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };
  if (event.ctrlKey && (key === "ArrowRight" || key === "ArrowLeft")) {
    return playable(key === "ArrowRight" ? 1 : -1);
  }
  if ((event.shiftKey || event.ctrlKey) && (key === "Home" || key === "End")) {
    const [first, after] = span(at);
    return key === "Home" ? first : after - 1;
  }
  if (board && key in arrows) return square(...arrows[key]);
  if (key === "ArrowRight") return at < last ? at + 1 : end("focus-last");
  if (key === "ArrowLeft") return at > 0 ? at - 1 : end("focus-first");
  if (key === "ArrowDown" || key === "ArrowUp") return group(key === "ArrowDown" ? 1 : -1);
  if (key === "Home") return 0;
  if (key === "End") return last;
  return null;
}

hand.addEventListener("keydown", (event) => {
  if (!items.length || event.altKey || event.metaKey || touch()) return;
  const walked = walk(event);
  if (walked !== null) {
    typed = "";
    at = walked;
  } else if (event.key === "Enter") {
    typed = "";
    choose();
  } else if (event.key === " ") {
    if (picking && items[at].pick) toggle(at);
  } else if (event.key === "Escape") {
    typed = ""; // leaves the cards for the command field, as Escape clears the line
    $("line").focus();
  } else if (event.key.length === 1 && !event.ctrlKey) {
    at = typeAhead(event.key);
  } else {
    return;
  }
  event.preventDefault();
  mark();
});

// The review keys (F1 to F12, Page Up, Page Down): each runs its command on
// the server's seat, as the terminal's key does, and the answer is a line
// like any other; what was typed, and the focused card, stay as they were.
// Page Up and Page Down are review keys in the command field and the cards;
// elsewhere they scroll, as on any page.
document.addEventListener("keydown", (event) => {
  const name = words.keys && words.keys[event.key];
  if (!name || event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return;
  const paging = event.key.startsWith("Page");
  if (paging && document.activeElement !== $("line") && document.activeElement !== hand) return;
  event.preventDefault();
  send({ type: "review", name });
});

// In the command field: ? on an empty line lists the keys (F1), Escape
// clears the line, Up and Down walk the lines sent in this page. A line of
// spaces is empty, as the server reads it and as in the terminal.
$("line").addEventListener("keydown", (event) => {
  const line = $("line");
  if (event.key === "?" && !line.value.trim()) {
    send({ type: "review", name: "keys" });
  } else if (event.key === "Escape") {
    line.value = "";
  } else if (event.key === "ArrowUp" && back < sent.length) {
    back += 1;
    line.value = sent[sent.length - back];
  } else if (event.key === "ArrowDown" && back > 0) {
    back -= 1;
    line.value = back ? sent[sent.length - back] : "";
  } else {
    return;
  }
  event.preventDefault();
});

// Send with an empty line sends the cards selected, if any (the way a touch
// screen sends a pick); else the line, whose Enter on nothing says whose turn.
$("command-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const line = $("line");
  if (!line.value && picking && picked.size) return choose();
  send({ type: "line", text: line.value });
  if (line.value) sent.push(line.value);
  back = 0;
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
  // With a session kept, the seat is told it comes back ("again"): the page
  // logs in with the token, not by the form.
  const query = new URLSearchParams(location.search);
  if (localStorage.getItem("sixdot-token")) query.set("again", "1");
  socket = new WebSocket(`${scheme}://${location.host}/web?${query}`);
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
      // Logged in from the form (or on opening the page): on to the command
      // field. Logged in again by the token after a lost line: the focus
      // stays where the player is.
      const atForm = $("account").contains(document.activeElement);
      const nowhere = document.activeElement === document.body;
      $("account").hidden = Boolean(message.token);
      if (message.token && (atForm || nowhere)) $("line").focus();
    }
  });
  socket.addEventListener("close", () => {
    if (wasOpen && !down) status(words.lost);
    down = wasOpen;
    setTimeout(connect, 1000);
  });
}

connect();
