import type { Knex } from 'knex';
import type { AccountStatus, SessionUser } from '../../../../contract/accounts.ts';
import type { Db } from '../../db.ts';
import type { UserRow } from '../../db-tables.ts';

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

type Conn = Db | Knex.Transaction;

export const usersRepo = {
  findById: (db: Conn, id: number): Promise<UserRow | undefined> => db('users').where({ id }).first(),
  findByEmail: (db: Conn, email: string): Promise<UserRow | undefined> =>
    db('users').whereRaw('lower(email) = lower(?)', [email]).first(),
  findByPhone: (db: Conn, phoneE164: string): Promise<UserRow | undefined> =>
    db('users').where({ phone: phoneE164 }).first(),
  async insert(
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
    > & { created_at: Date },
  ): Promise<UserRow> {
    const [row] = await db('users')
      .insert({ ...user, updated_at: user.created_at })
      .returning('*');
    return row as UserRow;
  },
  setStatus: (db: Conn, id: number, status: AccountStatus, now: Date) =>
    db('users').where({ id }).update({ status, updated_at: now }),
  setPassword: (db: Conn, id: number, passwordHash: string, now: Date) =>
    db('users').where({ id }).update({ password_hash: passwordHash, updated_at: now }),
};

/** 409 messages name which of email or phone is taken (checked before insert, enforced by the unique indexes). */
export async function assertEmailAndPhoneFree(db: Conn, email: string, phoneE164: string): Promise<string | null> {
  if (await usersRepo.findByEmail(db, email)) return 'An account with this email already exists.';
  if (await usersRepo.findByPhone(db, phoneE164)) return 'An account with this phone number already exists.';
  return null;
}
