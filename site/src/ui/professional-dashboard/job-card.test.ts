import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../../contract/bookings.ts';
import { cancelJobQuestion, completeJobQuestion, jobCount, jobsShown, noJobsText } from './job-card.ts';

const job = (id: number, status: Booking['status'], date: string, time = '09:00', extra: object = {}) =>
  ({ id, status, date, time, customerName: 'Efua', ...extra }) as Booking;

describe('job requests', () => {
  const all = [
    job(1, 'confirmed', '2026-12-03'),
    job(2, 'pending', '2026-12-01', '14:00'),
    job(3, 'pending', '2026-12-01', '08:30'),
    job(4, 'completed', '2026-11-20'),
  ];

  it('shows a filter’s jobs soonest first, and counts them', () => {
    expect(jobsShown(all, 'pending').map((j) => j.id)).toEqual([3, 2]);
    expect(jobsShown(all, 'all').map((j) => j.id)).toEqual([4, 3, 2, 1]);
    expect([jobCount(all, 'pending'), jobCount(all, 'all'), jobCount(all, 'cancelled')]).toEqual([2, 4, 0]);
  });

  it('says what an empty filter means', () => {
    expect(noJobsText('pending')).toBe('No pending job requests right now.');
    expect(noJobsText('all')).toBe('No job requests yet.');
    expect(noJobsText('completed')).toBe('No completed jobs.');
  });

  it('asks before cancelling, saying whether it counts against the professional', () => {
    expect(cancelJobQuestion(job(1, 'confirmed', '2026-12-03'))).toMatch(
      /^Cancel the job with Efua on .+\? The customer is told at once\.$/,
    );
    const late = job(1, 'confirmed', '2026-12-03', '09:00', { trust: { cancelNow: 'late' } });
    expect(cancelJobQuestion(late)).toContain('counts as a late cancellation');
    expect(completeJobQuestion(late)).toContain('Efua will be asked to confirm it was done.');
  });
});
