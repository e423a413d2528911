import type { Knex } from 'knex';
import { createAdmin } from '../src/features/admin/accounts.ts';
import { CATEGORY_NAMES } from '../../contract/categories.ts';
import { CITIES } from '../../contract/cities.ts';
import { PLANS, type PlanType } from '../../contract/plans.ts';
import type { Db } from '../src/db.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { addMonths } from '../../contract/dates.ts';
import { paymentReference } from '../src/features/payments/service.ts';

/**
 * Demo data, loaded only when asked for (`npm run demo`): one professional for every category in
 * every city (120, each within about 3 miles of the city centre), five customers, one affiliate
 * (referrer code SEAFFDEMO01). Customers and professionals have a paid month from loading time.
 * Every demo account signs in with DEMO_PASSWORD. Loading twice adds nothing.
 */
export const DEMO_PASSWORD = 'DemoPass123';
export const DEMO_ADMIN = 'admin';

export const DEMO_ACCOUNTS = [
  ...[1, 2, 3, 4, 5].map((n) => ({ email: `customer${n}@demo.example.com`, userType: 'customer' as const })),
  { email: 'professional@demo.example.com', userType: 'professional' as const },
  { email: 'affiliate@demo.example.com', userType: 'affiliate' as const },
];

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
];
const LAST_NAMES = ['Mensah', 'Owusu', 'Boateng', 'Asante', 'Osei', 'Addo', 'Appiah', 'Darko', 'Agyeman', 'Ofori'];

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

export interface DemoResult {
  created: number;
  professionals: number;
}

/** A paid month from `now`, recorded as a settled payment so demo accounts look like paying ones. */
async function paidMonth(trx: Knex.Transaction, userId: number, email: string, planType: PlanType, now: Date) {
  const plan = PLANS[planType];
  const [payment] = await trx('payments')
    .insert({
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
    })
    .returning('id');
  await trx('subscriptions').insert({
    user_id: userId,
    payment_id: payment.id,
    plan_type: planType,
    amount_pesewas: plan.amountKobo,
    period_start: now,
    period_end: addMonths(now),
    created_at: now,
  });
  await trx('professional_profiles')
    .where({ user_id: userId })
    .update({ paid_until: addMonths(now) });
}

export async function loadDemoData(db: Db, now: Date = new Date()): Promise<DemoResult> {
  const existing = await db('users')
    .whereRaw('lower(email) = any(?)', [DEMO_ACCOUNTS.map((a) => a.email)])
    .first();
  if (existing) return { created: 0, professionals: 0 };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const next = random(233);
  let phoneSerial = 0;
  const phone = () => `+23324${String(9_000_000 + phoneSerial++).padStart(7, '0')}`;
  const name = (i: number) => ({
    first_name: FIRST_NAMES[i % FIRST_NAMES.length],
    last_name: LAST_NAMES[(i * 7) % LAST_NAMES.length],
  });

  return db.transaction(async (trx) => {
    let created = 0;
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const [user] = await trx('users')
        .insert({
          user_type: account.userType,
          email: account.email,
          phone: phone(),
          password_hash: passwordHash,
          ...name(i),
          status: 'active',
          location: 'Accra',
          local_address: 'Osu, Accra',
          description: `Demo ${account.userType} account`,
        })
        .returning('id');
      created++;
      if (account.userType === 'professional') {
        await trx('professional_profiles').insert(profile(Number(user.id), 'Plumber', CITIES[0], next));
      }
      if (account.userType !== 'affiliate') await paidMonth(trx, Number(user.id), account.email, account.userType, now);
      else {
        await trx('affiliate_profiles').insert({
          user_id: user.id,
          referrer_code: 'SEAFFDEMO01',
          payout_method: 'mobile-money',
          momo_number: '+233559990000',
        });
      }
    }

    // The demo administrator, unless one was already made (ADMIN_USERNAME or npm run admin:create).
    if (!(await trx('admins').first('id'))) await createAdmin(trx, DEMO_ADMIN, DEMO_PASSWORD, now);

    let professionals = 0;
    for (const [c, city] of CITIES.entries()) {
      for (const [p, profession] of CATEGORY_NAMES.entries()) {
        const i = c * CATEGORY_NAMES.length + p;
        const email = `${profession.toLowerCase().replace(/[^a-z]/g, '')}.${city.name.toLowerCase().replace(/[^a-z]/g, '')}@demo.example.com`;
        const [user] = await trx('users')
          .insert({
            user_type: 'professional',
            email,
            phone: phone(),
            password_hash: passwordHash,
            ...name(i + 3),
            status: 'active',
            location: city.name,
            local_address: `${city.name} and within 5 miles`,
            description: `${profession} serving ${city.name} and nearby areas.`,
          })
          .returning('id');
        await trx('professional_profiles').insert(profile(Number(user.id), profession, city, next));
        await paidMonth(trx, Number(user.id), email, 'professional', now);
        created++;
        professionals++;
      }
    }
    return { created, professionals: professionals + 1 };
  });
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
    base_rate_pesewas: base * 100,
    max_rate_pesewas: (base + 10 + Math.round(next() * 4) * 5) * 100,
    rate_negotiable: next() > 0.3,
    latitude: Number(latitude.toFixed(6)),
    longitude: Number(longitude.toFixed(6)),
    // No `verified`: the badge means an administrator reviewed documents (issue #6), and demo
    // professionals have none, so they stay unverified.
  };
}
