import type { ChatMessage } from '../../../portal-api/src/modules/chats/chats.schema.ts';

/**
 * How long a sent message waits for the server's echo (it sends the sender's own message back as
 * receiveMessage once stored, docs/architecture.md §5). A socket can die without closing
 * (Wi-Fi gone, a sleeping laptop, a NAT timeout): the browser still sees it open, and only this says so.
 */
export const ECHO_TIMEOUT_MS = 10_000;

type Pending = { text: string; replyTo: string | null; settle: (sent: boolean) => void; timer: ReturnType<typeof setTimeout> };

/**
 * The messages of one socket that the server has not yet confirmed. Each resolves true on its echo,
 * false on a refusal, when the socket closes, or after ECHO_TIMEOUT_MS (then `onTimeout` runs once
 * for all that timed out together): until then the composer keeps the text.
 */
export class PendingSends {
  private list: Pending[] = [];

  constructor(
    private readonly onTimeout: () => void,
    private readonly timeoutMs = ECHO_TIMEOUT_MS,
  ) {}

  get size(): number {
    return this.list.length;
  }

  add(text: string, replyTo: string | null): Promise<boolean> {
    return new Promise((resolve) => {
      const pending: Pending = {
        text,
        replyTo,
        settle: resolve,
        timer: setTimeout(() => {
          // Everything sent before this one has waited longer still: none of it came back.
          const index = this.list.indexOf(pending);
          if (index < 0) return;
          for (const late of this.list.splice(0, index + 1)) this.finish(late, false);
          this.onTimeout();
        }, this.timeoutMs),
      };
      this.list.push(pending);
    });
  }

  /** A receiveMessage: settles the oldest pending one with its text and reply when `isMine`; true if it did. */
  echoed(message: ChatMessage, isMine: boolean): boolean {
    if (!isMine) return false;
    // The chat text of the echo (a ChatMessage's `message` field), not an error sentence.
    const { message: text, replyTo } = message;
    const index = this.list.findIndex((p) => p.text === text && p.replyTo === (replyTo?._id ?? null));
    if (index < 0) return false;
    this.finish(this.list.splice(index, 1)[0]!, true);
    return true;
  }

  /**
   * An error frame: the server handles a socket's frames in order and answers each, so it refused
   * the oldest frame still unanswered; with a message pending, that is taken to be the oldest one
   * (a refused joinRoom before it has the same cause). True if one was pending.
   */
  refuseOldest(): boolean {
    const oldest = this.list.shift();
    if (oldest) this.finish(oldest, false);
    return Boolean(oldest);
  }

  /** None of them will come back (the socket closed, the room changed): how many were pending. */
  failAll(): number {
    const all = this.list.splice(0);
    for (const pending of all) this.finish(pending, false);
    return all.length;
  }

  private finish(pending: Pending, sent: boolean): void {
    clearTimeout(pending.timer);
    pending.settle(sent);
  }
}
