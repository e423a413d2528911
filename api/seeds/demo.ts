import type { Knex } from 'knex';
import { createAdmin } from '../src/features/admin/accounts.ts';
import { TERMS_VERSION } from '../../contract/account-types.ts';
import { CATEGORY_NAMES } from '../../contract/categories.ts';
import { CITIES } from '../../contract/cities.ts';
import { PLANS, type PlanType } from '../../contract/plans.ts';
import type { Db } from '../src/db.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { insert as insertUser } from '../src/features/accounts/users.ts';
import { insertAffiliateProfile } from '../src/features/affiliates/repo.ts';
import { insertBooking } from '../src/features/bookings/repo.ts';
import { insertReview } from '../src/features/bookings/reviews/repo.ts';
import { insertPayment } from '../src/features/payments/repo.ts';
import { insertSubscription } from '../src/features/subscriptions/paid-period.ts';
import {
  countAnsweredRequest,
  countCompletedJob,
  countReview,
  insertProfile,
  setPaidUntil,
} from '../src/features/professionals/repo.ts';
import { addMonths, addTime, startOfDay, subtractTime } from '../../contract/dates.ts';
import { toPesewas } from '../../contract/money.ts';
import { paymentReference } from '../src/features/payments/service.ts';

/**
 * Demo data, loaded only when asked for (`npm run demo`): one professional for every category in
 * every city (120, each within about 3 miles of the city centre, most with 1 to 4 past jobs for
 * the demo customers, each reviewed), five customers, one affiliate (referrer code SEAFFDEMO01). Customers and professionals have a paid month from loading time.
 * Every demo account signs in with DEMO_PASSWORD. Loading twice adds nothing.
 */
export const DEMO_PASSWORD = 'DemoPass123';
export const DEMO_ADMIN = 'admin';

/** The demo's phone numbers, one per account in order: +233249000000, +233249000001, … */
const demoPhone = (serial: number) => `+23324${String(9_000_000 + serial).padStart(7, '0')}`;

export const DEMO_ACCOUNTS = [
  ...[1, 2, 3, 4, 5].map((n) => ({ email: `customer${n}@demo.example.com`, userType: 'customer' as const })),
  { email: 'professional@demo.example.com', userType: 'professional' as const },
  { email: 'affiliate@demo.example.com', userType: 'affiliate' as const },
].map((account, serial) => ({ ...account, phone: demoPhone(serial) }));

// Names from across Ghana (Akan day names, Ga, Ewe, Fante and northern names), so a demo list
// reads like a real one: each person gets a first and a last name of their own (seeded).
const FIRST_NAMES = [
  'Ama',
  'Kofi',
  'Akosua',
  'Kwame',
  'Efua',
  'Yaw',
  'Abena',
  'Kojo',
  'Adwoa',
  'Kwabena',
  'Esi',
  'Kwaku',
  'Nii',
  'Naa',
  'Selorm',
  'Edem',
  'Kafui',
  'Dzifa',
  'Ekow',
  'Araba',
  'Abdul',
  'Fatima',
  'Ibrahim',
  'Amina',
  'Mawuli',
  'Elikem',
  'Nana',
  'Akua',
  'Yaa',
  'Kwesi',
  'Afua',
  'Issah',
  'Zainab',
  'Sena',
  'Delali',
  'Fiifi',
];
const LAST_NAMES = [
  'Mensah',
  'Owusu',
  'Boateng',
  'Asante',
  'Osei',
  'Addo',
  'Appiah',
  'Darko',
  'Agyeman',
  'Ofori',
  'Quaye',
  'Tetteh',
  'Lamptey',
  'Ankrah',
  'Agbeko',
  'Dogbe',
  'Amegashie',
  'Kpodo',
  'Essien',
  'Quansah',
  'Abdulai',
  'Mahama',
  'Alhassan',
  'Fuseini',
  'Nkrumah',
  'Acheampong',
  'Sarpong',
  'Frimpong',
  'Amoah',
  'Bonsu',
];

/** What demo customers wrote about the jobs they reviewed (any profession). */
const REVIEWS: { rating: number; comment: string }[] = [
  { rating: 5, comment: 'Came on time, explained the work and finished the same day. Fair price.' },
  { rating: 5, comment: 'Very neat work. Will call again.' },
  { rating: 4, comment: 'Good job. Arrived a little late but called ahead to say so.' },
  { rating: 5, comment: 'Friendly, careful and cleaned up afterwards.' },
  { rating: 4, comment: 'Did what was agreed at the agreed price.' },
  { rating: 3, comment: 'The work is fine, but it took two visits.' },
  { rating: 5, comment: 'Recommended by a neighbour and did not disappoint.' },
  { rating: 4, comment: '' },
];

const SKILLS: Record<(typeof CATEGORY_NAMES)[number], string[]> = {
  Electrician: ['Wiring', 'Fault finding', 'Solar installation'],
  Plumber: ['Leak repair', 'Pipe fitting', 'Water heaters'],
  Painter: ['Interior painting', 'Exterior painting', 'Texture coating'],
  Welder: ['Gates and burglar proofing', 'Arc welding', 'Metal fabrication'],
  'Mason/Tiler': ['Block laying', 'Floor tiling', 'Plastering'],
  Cook: ['Ghanaian dishes', 'Event catering', 'Meal prep'],
  Cleaner: ['Home cleaning', 'Office cleaning', 'Post-construction cleaning'],
  Teacher: ['Mathematics', 'English', 'BECE and WASSCE preparation'],
  'Errand Service': ['Market shopping', 'Deliveries', 'Bill payments'],
  Masseuse: ['Swedish massage', 'Deep tissue', 'Home visits'],
  Carpenter: ['Furniture', 'Roofing', 'Doors and windows'],
  'Fashion Designer': ['Kente styling', 'Kaba and slit', 'Alterations'],
};

/** Small deterministic generator, so every demo load places people in the same spots. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const MILES_PER_DEGREE_LAT = 69.05;

/** What every demo account has alike: active, signed up at loading time on today's terms, no photo. */
const ACCOUNT_DEFAULTS = (now: Date) => ({
  status: 'active' as const,
  created_at: now,
  terms_agreed_at: now,
  terms_version: TERMS_VERSION,
  profile_picture: null,
});

export interface DemoResult {
  created: number;
  professionals: number;
}

/** A paid month from `now`, recorded as a settled payment so demo accounts look like paying ones. */
async function paidMonth(trx: Knex.Transaction, userId: number, email: string, planType: PlanType, now: Date) {
  const plan = PLANS[planType];
  const paymentId = await insertPayment(trx, {
    user_id: userId,
    reference: paymentReference(planType, userId, now),
    purpose: 'registration',
    plan_type: planType,
    amount_pesewas: plan.amountKobo,
    currency: 'GHS',
    email,
    provider: 'demo',
    status: 'success',
    // A real method, so the admin's payments read "Mobile Money (demo data)", not "Not paid yet".
    channel: 'mobile_money',
    paid_at: now,
    created_at: now,
    settled_at: now,
  });
  await insertSubscription(trx, {
    user_id: userId,
    payment_id: paymentId,
    plan_type: planType,
    amount_pesewas: plan.amountKobo,
    period_start: now,
    period_end: addMonths(now),
    created_at: now,
  });
  await setPaidUntil(trx, userId, addMonths(now));
}

export async function loadDemoData(db: Db, now: Date = new Date()): Promise<DemoResult> {
  const existing = await db('users')
    .whereRaw('lower(email) = any(?)', [DEMO_ACCOUNTS.map((a) => a.email)])
    .first();
  if (existing) return { created: 0, professionals: 0 };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const next = random(233);
  let phoneSerial = DEMO_ACCOUNTS.length;
  const phone = () => demoPhone(phoneSerial++);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const name = () => ({ first_name: pick(FIRST_NAMES), last_name: pick(LAST_NAMES) });

  return db.transaction(async (trx) => {
    let created = 0;
    const customerIds: number[] = [];
    for (const account of DEMO_ACCOUNTS) {
      const user = await insertUser(trx, {
        ...ACCOUNT_DEFAULTS(now),
        user_type: account.userType,
        email: account.email,
        phone: account.phone,
        password_hash: passwordHash,
        ...name(),
        location: 'Accra',
        local_address: 'Osu, Accra',
        description: `Demo ${account.userType} account`,
      });
      created++;
      if (account.userType === 'customer') customerIds.push(Number(user.id));
      if (account.userType === 'professional') {
        await insertProfile(trx, profile(Number(user.id), 'Plumber', CITIES[0], next));
      }
      if (account.userType !== 'affiliate') await paidMonth(trx, Number(user.id), account.email, account.userType, now);
      else {
        await insertAffiliateProfile(trx, {
          user_id: user.id,
          referrer_code: 'SEAFFDEMO01',
          payout_method: 'mobile-money',
          momo_number: '+233559990000',
          momo_network: 'MTN',
          bank_account: '',
        });
      }
    }

    // The demo administrator, unless one was already made (ADMIN_USERNAME or npm run admin:create).
    if (!(await trx('admins').first('id'))) await createAdmin(trx, DEMO_ADMIN, DEMO_PASSWORD, now);

    let professionals = 0;
    for (const city of CITIES) {
      for (const profession of CATEGORY_NAMES) {
        const email = `${profession.toLowerCase().replace(/[^a-z]/g, '')}.${city.name.toLowerCase().replace(/[^a-z]/g, '')}@demo.example.com`;
        const user = await insertUser(trx, {
          ...ACCOUNT_DEFAULTS(now),
          user_type: 'professional',
          email,
          phone: phone(),
          password_hash: passwordHash,
          ...name(),
          location: city.name,
          local_address: `${city.name} and within 5 miles`,
          description: `${profession} serving ${city.name} and nearby areas.`,
        });
        const listing = profile(Number(user.id), profession, city, next);
        await insertProfile(trx, listing);
        await paidMonth(trx, Number(user.id), email, 'professional', now);
        // Most have done a few jobs here already, each reviewed: a visitor sees ratings and words.
        const jobs = next() < 0.65 ? 1 + Math.floor(next() * 4) : 0;
        for (let j = 0; j < jobs; j++) {
          await pastJob(trx, {
            customerId: customerIds[Math.floor(next() * customerIds.length)],
            professionalId: Number(user.id),
            profession,
            city: city.name,
            ratePesewas: listing.base_rate_pesewas,
            daysAgo: 3 + Math.floor(next() * 80),
            review: REVIEWS[Math.floor(next() * REVIEWS.length)],
            answeredInSeconds: 600 + Math.floor(next() * 4 * 3600),
            now,
          });
        }
        created++;
        professionals++;
      }
    }
    return { created, professionals: professionals + 1 };
  });
}

/**
 * A job done `daysAgo` days ago at 10:00 for 2 hours, answered, completed, confirmed done and
 * reviewed, with the professional's figures moved as the real steps move them.
 */
async function pastJob(
  trx: Knex.Transaction,
  job: {
    customerId: number;
    professionalId: number;
    profession: string;
    city: string;
    ratePesewas: number;
    daysAgo: number;
    review: { rating: number; comment: string };
    answeredInSeconds: number;
    now: Date;
  },
) {
  const day = startOfDay(subtractTime(job.now, { days: job.daysAgo }));
  const start = addTime(day, { hours: 10 });
  const requested = subtractTime(start, { days: 2 });
  const done = addTime(start, { hours: 2 });
  const bookingId = await insertBooking(trx, {
    customer_id: job.customerId,
    professional_id: job.professionalId,
    date: day,
    time: '10:00',
    duration_hours: 2,
    agreed_rate_pesewas: job.ratePesewas,
    total_pesewas: job.ratePesewas * 2,
    description: `${job.profession} work at home`,
    location: job.city,
    status: 'completed',
    created_at: requested,
    responded_at: addTime(requested, { seconds: job.answeredInSeconds }),
    completed_at: done,
    updated_at: done,
    done_answer: 'yes',
    done_answered_at: done,
  });
  await insertReview(trx, {
    booking_id: bookingId,
    customer_id: job.customerId,
    professional_id: job.professionalId,
    rating: job.review.rating,
    comment: job.review.comment,
    created_at: addTime(done, { hours: 1 }),
  });
  await countAnsweredRequest(trx, job.professionalId, job.answeredInSeconds);
  await countCompletedJob(trx, job.professionalId);
  await countReview(trx, job.professionalId, job.review.rating);
}

function profile(
  userId: number,
  profession: (typeof CATEGORY_NAMES)[number],
  city: (typeof CITIES)[number],
  next: () => number,
) {
  // Up to 3 miles from the centre in a random direction.
  const miles = next() * 3;
  const angle = next() * 2 * Math.PI;
  const latitude = city.lat + (miles * Math.cos(angle)) / MILES_PER_DEGREE_LAT;
  const longitude =
    city.lng + (miles * Math.sin(angle)) / (MILES_PER_DEGREE_LAT * Math.cos((city.lat * Math.PI) / 180));
  const base = 20 + Math.round(next() * 6) * 5; // ₵20–₵50
  return {
    user_id: userId,
    profession,
    experience: `${2 + Math.round(next() * 13)} years`,
    skills: JSON.stringify(SKILLS[profession]),
    base_rate_pesewas: toPesewas(base),
    max_rate_pesewas: toPesewas(base + 10 + Math.round(next() * 4) * 5),
    rate_negotiable: next() > 0.3,
    latitude: Number(latitude.toFixed(6)),
    longitude: Number(longitude.toFixed(6)),
    // No `verified`: the badge means an administrator reviewed documents, and demo
    // professionals have none, so they stay unverified.
  };
}
