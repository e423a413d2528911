import type { AccountStatus, SessionUser } from '../../../../contract/accounts.ts';
import type { Conn } from '../../db.ts';
import type { UserRow, Writable } from '../../db-tables.ts';
import { HttpError } from '../../http/errors.ts';
import { countRequest, LIMITS, refuseWhenUsedUp } from '../../http/rate-limit.ts';

export type { UserRow };

/** The user as the browser keeps it (contract SessionUser); never the password hash. */
export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: Number(row.id),
    email: row.email,
    phone: row.phone,
    firstName: row.first_name,
    lastName: row.last_name,
    userType: row.user_type,
    status: row.status,
    location: row.location,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export const findById = (db: Conn, id: number): Promise<UserRow | undefined> => db('users').where({ id }).first();

export const findByEmail = (db: Conn, email: string): Promise<UserRow | undefined> =>
  db('users').whereRaw('lower(email) = lower(?)', [email]).first();

export const findByPhone = (db: Conn, phoneE164: string): Promise<UserRow | undefined> =>
  db('users').where({ phone: phoneE164 }).first();

export async function insert(
  db: Conn,
  user: Pick<
    UserRow,
    | 'user_type'
    | 'email'
    | 'phone'
    | 'password_hash'
    | 'first_name'
    | 'last_name'
    | 'status'
    | 'location'
    | 'local_address'
    | 'description'
    | 'profile_picture'
    | 'terms_version'
  > & { created_at: Date; terms_agreed_at: Date },
): Promise<UserRow> {
  const [row] = await db('users')
    .insert({ ...user, updated_at: user.created_at })
    .returning('*');
  return row as UserRow;
}

export const setStatus = (db: Conn, id: number, status: AccountStatus, now: Date) =>
  db('users').where({ id }).update({ status, updated_at: now });

export const setPassword = (db: Conn, id: number, passwordHash: string, now: Date) =>
  db('users').where({ id }).update({ password_hash: passwordHash, updated_at: now });

/** What a person edits of their own account, or an administrator of anyone's. */
export type UserDetails = Pick<
  Writable<UserRow>,
  'first_name' | 'last_name' | 'email' | 'phone' | 'user_type' | 'location' | 'local_address' | 'description'
>;

export const updateDetails = (conn: Conn, id: number, details: UserDetails, now: Date) =>
  conn('users')
    .where({ id })
    .update({ ...details, updated_at: now });

/** The profile photo's hash (photos/repo.ts keeps the photo), or null when it is taken down. */
export const setAvatar = (conn: Conn, id: number, avatarHash: string | null) =>
  conn('users').where({ id }).update({ avatar_hash: avatarHash });

/** When the person cancelled renewal (reminders stop), or null when paying again or turning auto-renewal on clears it. */
export const setRenewalCancelledAt = (conn: Conn, id: number, at: Date | null) =>
  conn('users').where({ id }).update({ renewal_cancelled_at: at });

/** Whether a message also goes by text when the person has a phone for notifications. */
export const setAlsoText = (conn: Conn, id: number, alsoText: boolean) =>
  conn('users').where({ id }).update({ also_text: alsoText });

/** The mobile-money network of the person's last prompt, offered first next time. */
export const setMomoNetwork = (conn: Conn, id: number, network: UserRow['momo_network']) =>
  conn('users').where({ id }).update({ momo_network: network });

/** Which of email or phone is taken, in words (checked before insert, enforced by the unique indexes). */
async function takenBy(
  db: Conn,
  email: string,
  phoneE164: string,
): Promise<{ field: 'email' | 'phone'; message: string } | null> {
  if (await findByEmail(db, email)) return { field: 'email', message: 'An account with this email already exists.' };
  if (await findByPhone(db, phoneE164))
    return { field: 'phone', message: 'An account with this phone number already exists.' };
  return null;
}

/**
 * Refuses (409) an email or phone that already has an account, and says what to do instead.
 * Sign-up has to tell, unlike sign-in and forgot-password: the person is most likely the owner,
 * about to pay for a second account (docs/SECURITY.md "Second round"). So it is
 * asked last, once the rest of the form is valid, and each answer that tells counts against the
 * network's hourly limit; once it is used up, every sign-up from the network is refused, so that
 * refusal tells nothing. Only answers that tell are counted (a crowd behind one carrier address
 * signing up at once is not refused), and each is counted before it is given, so answers sent
 * together cannot pass the limit.
 */
export async function refuseTakenEmailOrPhone(
  db: Conn,
  input: { email: string; phoneE164: string; network: string; now: Date },
): Promise<void> {
  await refuseWhenUsedUp(db, LIMITS.signupTakenByAddress, input.network, input.now);
  const taken = await takenBy(db, input.email, input.phoneE164);
  if (!taken) return;
  await countRequest(db, LIMITS.signupTakenByAddress, input.network, input.now);
  const message = `${taken.message} If it is yours, sign in instead, or use “Forgot password?” on the sign-in page.`;
  // The field names which is taken, so the form can go to it without reading the sentence.
  throw new HttpError(409, 'already_exists', message, { errors: [{ field: taken.field, message }] });
}

/**
 * The account's personal details gone and sign-in made impossible (privacy/anonymise.ts): the row
 * stays for the books, under a placeholder email and phone that no one can sign in with.
 */
export const forgetUser = (conn: Conn, user: Pick<UserRow, 'id' | 'renewal_cancelled_at'>, now: Date) =>
  conn('users')
    .where({ id: user.id })
    .update({
      first_name: 'Deleted',
      last_name: 'user',
      email: forgottenEmail(user.id),
      phone: `deleted-${user.id}`,
      password_hash: '!deleted',
      status: 'suspended',
      location: null,
      local_address: null,
      description: null,
      profile_picture: null,
      renewal_cancelled_at: user.renewal_cancelled_at ?? now,
      deleted_at: now,
      updated_at: now,
    });

/** The email a forgotten account is left with; its payments carry it too. */
export const forgottenEmail = (userId: UserRow['id']) => `deleted-${userId}@deleted.invalid`;

/**
 * The email of an account made without one (an affiliate signed up a professional who has none,
 * docs/PRODUCT.md "Signed up by an affiliate"): the email column is required and unique, and a
 * payment needs one for the payment provider. It is the account's own (one per number) and under
 * the reserved .invalid domain, so no email is ever sent to it (providers/notifier.ts).
 */
export const noEmailFor = (phoneE164: string) => `${phoneE164.replace(/\D/g, '')}${NO_EMAIL_DOMAIN}`;
const NO_EMAIL_DOMAIN = '@no-email.invalid';
/** Whether the account was made without an email (its messages go by text). */
export const hasNoEmail = (email: string) => email.toLowerCase().endsWith(NO_EMAIL_DOMAIN);

/** The password of an account made without one: no password matches it (the web is reached by a texted code). */
export const NO_PASSWORD = '!none';
