import type { Knex } from 'knex';
import type { AccountStatus, SessionUser, UserType } from '../../../../contract/accounts.ts';
import type { Db } from '../../db.ts';

export interface UserRow {
  id: number | string;
  user_type: UserType;
  email: string;
  phone: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  status: AccountStatus;
  location: string | null;
  local_address: string | null;
  description: string | null;
  profile_picture: string | null;
  created_at: Date;
  updated_at: Date;
}

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
  findById: (db: Conn, id: number): Promise<UserRow | undefined> => db<UserRow>('users').where({ id }).first(),
  findByEmail: (db: Conn, email: string): Promise<UserRow | undefined> =>
    db<UserRow>('users').whereRaw('lower(email) = lower(?)', [email]).first(),
  findByPhone: (db: Conn, phoneE164: string): Promise<UserRow | undefined> =>
    db<UserRow>('users').where({ phone: phoneE164 }).first(),
  async insert(db: Conn, user: Omit<UserRow, 'id' | 'created_at' | 'updated_at'> & { created_at: Date }): Promise<UserRow> {
    const [row] = await db<UserRow>('users')
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
