import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';

/** One line on the machine the figures came from: cores, CPU model, load averages (others' work shows there). */
export function machineLine(): string {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(1));
  return `${new Date().toISOString()} · ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}) · load average ${one} / ${five} / ${fifteen} (1 / 5 / 15 min)`;
}

/** Resident memory (MB) and open file descriptors of a process of ours (Linux /proc), or undefined elsewhere. */
export function processFootprint(pid: number | undefined): { rssMb: number; fds: number } | undefined {
  if (!pid) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return { rssMb: rssKb / 1024, fds: readdirSync(`/proc/${pid}/fd`).length };
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, ms) a process of ours has used so far (Linux /proc; clock ticks of 10 ms), or NaN elsewhere. */
export function processCpuMs(pid: number | undefined): number {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}
