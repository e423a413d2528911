/**
 * The CPU time (ms) this process spends while `work` runs. The test app serves in this process,
 * so this is what a request cost the server. Unlike wall time it is not stretched when other
 * programs share the machine's cores (a busy CI machine), so a bound on it fails only when the
 * work itself is slow (e.g. a pattern backtracking over a huge input).
 */
export async function cpuMsOf<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, cpuMs: (used.user + used.system) / 1000 };
}
