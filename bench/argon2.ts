/** Time per argon2id hash and verify with the product's settings (api/src/features/accounts/passwords.ts). */
import { hashPassword, verifyPassword } from '../api/src/features/accounts/index.ts';

const runs = Number(process.argv[2] ?? 20);
const hash = await hashPassword('warm-up-password');
const time = async (fn: () => Promise<unknown>) => {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(runs / 2)], p95: samples[Math.floor(runs * 0.95) - 1] ?? samples.at(-1) };
};
const h = await time(() => hashPassword('correct-horse-battery'));
const v = await time(() => verifyPassword(hash, 'warm-up-password'));
console.log(
  `argon2id over ${runs} runs (ms)\n  hash    p50 ${h.p50.toFixed(1)}  p95 ${h.p95!.toFixed(1)}\n  verify  p50 ${v.p50.toFixed(1)}  p95 ${v.p95!.toFixed(1)}`,
);
