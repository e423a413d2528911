import { availableParallelism, cpus, loadavg } from 'node:os';

/** One line on the machine the figures came from: cores, CPU model, load averages (others' work shows there). */
export function machineLine(): string {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(1));
  return `${new Date().toISOString()} · ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}) · load average ${one} / ${five} / ${fifteen} (1 / 5 / 15 min)`;
}
