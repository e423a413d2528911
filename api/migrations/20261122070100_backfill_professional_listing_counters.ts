import type { Knex } from 'knex';

// Fills the listing counters from the rows they summarise.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE professional_profiles p SET
      paid_until = (SELECT max(period_end) FROM subscriptions s WHERE s.user_id = p.user_id),
      review_count = (SELECT count(*) FROM reviews r WHERE r.professional_id = p.user_id),
      rating_total = (SELECT coalesce(sum(rating), 0) FROM reviews r WHERE r.professional_id = p.user_id),
      completed_jobs = (SELECT count(*) FROM bookings b WHERE b.professional_id = p.user_id AND b.status = 'completed'),
      answered_requests = (SELECT count(*) FROM bookings b WHERE b.professional_id = p.user_id AND b.responded_at IS NOT NULL),
      response_seconds_total = (SELECT coalesce(sum(extract(epoch FROM (responded_at - created_at))), 0)
                                  FROM bookings b WHERE b.professional_id = p.user_id AND b.responded_at IS NOT NULL)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('professional_profiles').update({
    paid_until: null,
    review_count: 0,
    rating_total: 0,
    completed_jobs: 0,
    answered_requests: 0,
    response_seconds_total: 0,
  });
}
