/** Keeps track of runs still streaming or persisting, so shutdown can wait for them before closing the store. */
export class RunRegistry {
  private readonly running = new Set<Promise<unknown>>();

  /** Registers a run until it settles; returns the same promise. */
  track<Result>(run: Promise<Result>): Promise<Result> {
    this.running.add(run);
    const forget = () => this.running.delete(run);
    run.then(forget, forget);
    return run;
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves once every run registered so far has settled (fulfilled or rejected). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
