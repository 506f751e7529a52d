// The match page's line to the server: one WebSocket per match (/ws/matches/ID) that brings
// every new state, who is here (presence) and refused actions. A quiet socket is pinged now
// and then so a dead line is noticed; a lost line is said at once (the connection banner,
// app.js) and the socket reconnects every second until the page is left. What the messages
// mean is the match page's.

import { setConnected } from "./api.js";

const PING_MS = 15000; // a quiet socket is asked now and then, so a dead line is noticed
const RETRY_MS = 1000;

export class MatchSocket {
  /**
   * @param url()   → the socket's address (asked at every connect: the language may change)
   * @param onOpen() the line is up (again)
   * @param onMessage(data) a message from the server, parsed
   * @param alive() → whether the page still wants the line
   */
  constructor({ url, onOpen, onMessage, alive }) {
    this.url = url;
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.alive = alive;
    this.ws = null;
    this.fresh = true; // the next state message is the whole log (just connected)
  }

  connect() {
    const ws = new WebSocket(this.url());
    this.ws = ws;
    this.fresh = true;
    ws.addEventListener("open", () => {
      setConnected(true);
      this.onOpen();
      clearInterval(this.pinger);
      this.pinger = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
      }, PING_MS);
    });
    ws.addEventListener("message", (message) => {
      let data;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      this.onMessage(data);
    });
    ws.addEventListener("close", () => {
      if (this.ws === ws) this.ws = null;
      clearInterval(this.pinger);
      if (!this.alive()) return;
      // The banner says so at once; a reconnect brings the whole state back.
      setConnected(false);
      this.retry = setTimeout(() => this.connect(), RETRY_MS);
    });
  }

  /** Whether a message can go out now. */
  isOpen() {
    return Boolean(this.ws) && this.ws.readyState === WebSocket.OPEN;
  }

  send(message) {
    this.ws.send(JSON.stringify(message));
  }

  /** Connect now if the line is down (the server answers again), rather than at the retry. */
  reconnect() {
    if (this.ws) return;
    clearTimeout(this.retry);
    this.connect();
  }

  close() {
    if (this.ws) this.ws.close();
    clearTimeout(this.retry);
    clearInterval(this.pinger);
  }
}
