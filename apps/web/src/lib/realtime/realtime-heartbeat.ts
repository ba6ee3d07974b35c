/**
 * Notices a dead connection: pings every `intervalMs`, and when nothing at all comes back within
 * `timeoutMs` of a ping, calls `onSilence`. Any frame from the server counts as a sign of life.
 */
export class Heartbeat {
  private interval: ReturnType<typeof setInterval> | null = null;
  private deadline: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly options: {
      intervalMs: number;
      timeoutMs: number;
      ping: () => void;
      onSilence: () => void;
    },
  ) {}

  start(): void {
    this.stop();
    this.interval = setInterval(() => this.probe(), this.options.intervalMs);
  }

  /** Pings now (say, when the tab wakes up) and expects an answer in time. */
  probe(): void {
    this.options.ping();
    this.deadline ??= setTimeout(() => {
      this.deadline = null;
      this.options.onSilence();
    }, this.options.timeoutMs);
  }

  /** The server said something: the connection lives. */
  heard(): void {
    if (this.deadline !== null) clearTimeout(this.deadline);
    this.deadline = null;
  }

  stop(): void {
    if (this.interval !== null) clearInterval(this.interval);
    this.interval = null;
    this.heard();
  }
}
