// Login accounts: password hashing and creation of administrator and advertiser records.
import { hash, verify } from "@node-rs/argon2";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "./db/client";
import { administrators, authSessions, clients, userLogins } from "./db/schema";

export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed hash in the table must read as "wrong password", not as a 500
  }
}

/** Emails are unique and compared case-insensitively (see the lower(email) index). */
export const emailEquals = (email: string) => sql`lower(${userLogins.email}) = lower(${email})`;

export async function emailExists(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: userLogins.id })
    .from(userLogins)
    .where(emailEquals(email))
    .limit(1);
  return rows.length > 0;
}

export interface NewAdministrator {
  email: string;
  password: string;
  name: string;
}

export async function createAdministrator(db: Database, input: NewAdministrator) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [login] = await tx
      .insert(userLogins)
      .values({ email: input.email, passwordHash, role: "administrator" })
      .returning({ id: userLogins.id });
    const [admin] = await tx
      .insert(administrators)
      .values({ userLoginId: login!.id, name: input.name })
      .returning({ id: administrators.id });
    return { userLoginId: login!.id, administratorId: admin!.id };
  });
}

export interface NewAdvertiser {
  email: string;
  password: string;
  isTemporaryPassword?: boolean;
  companyName: string;
  personInCharge: string;
  tel: string;
  zipCode: string;
  prefectureId: number;
  city: string;
  address: string;
  isAutoConfirmable?: boolean;
}

export async function createAdvertiser(db: Database, input: NewAdvertiser) {
  const { password, ...rest } = input;
  const passwordHash = await hashPassword(password);
  return db.transaction((tx) => insertAdvertiser(tx, { ...rest, passwordHash }));
}

/** The login and its client, in the caller's transaction `tx`, with the password already hashed. */
export async function insertAdvertiser(
  tx: Database,
  input: Omit<NewAdvertiser, "password"> & { passwordHash: string },
) {
  const { email, passwordHash, isTemporaryPassword = false, ...client } = input;
  const [login] = await tx
    .insert(userLogins)
    .values({ email, passwordHash, role: "advertiser", isTemporaryPassword })
    .returning({ id: userLogins.id });
  const [row] = await tx
    .insert(clients)
    .values({ ...client, userLoginId: login!.id })
    .returning({ id: clients.id });
  return { userLoginId: login!.id, clientId: row!.id };
}

/** A login with its advertiser or administrator record: one indexed query, run on every request. */
export interface Account {
  userLoginId: number;
  email: string;
  passwordHash: string;
  role: "advertiser" | "administrator";
  clientId: number | null;
  clientDeleted: boolean;
  administratorId: number | null;
}

const accountColumns = {
  userLoginId: userLogins.id,
  email: userLogins.email,
  passwordHash: userLogins.passwordHash,
  role: userLogins.role,
  clientId: clients.id,
  clientDeleted: clients.isDeleted,
  administratorId: administrators.id,
};

function accountQuery(db: Database) {
  return db
    .select(accountColumns)
    .from(userLogins)
    .leftJoin(clients, eq(clients.userLoginId, userLogins.id))
    .leftJoin(administrators, eq(administrators.userLoginId, userLogins.id))
    .$dynamic();
}

type AccountRow = Omit<Account, "clientDeleted"> & { clientDeleted: boolean | null };
const toAccount = (row: AccountRow): Account => ({
  ...row,
  clientDeleted: row.clientDeleted ?? false,
});

export async function findAccount(
  db: Database,
  by: { userLoginId: number } | { email: string },
): Promise<Account | null> {
  const [row] = await accountQuery(db)
    .where("email" in by ? emailEquals(by.email) : eq(userLogins.id, by.userLoginId))
    .limit(1);
  return row ? toAccount(row) : null;
}

function prepareAccountInSession(db: Database) {
  return db
    .select({ ...accountColumns, session: authSessions })
    .from(userLogins)
    .leftJoin(clients, eq(clients.userLoginId, userLogins.id))
    .leftJoin(administrators, eq(administrators.userLoginId, userLogins.id))
    .leftJoin(
      authSessions,
      and(
        eq(authSessions.id, sql.placeholder("sessionId")),
        eq(authSessions.userLoginId, userLogins.id),
      ),
    )
    .where(eq(userLogins.id, sql.placeholder("userLoginId")))
    .limit(1)
    .prepare("account_in_session");
}

/**
 * The query of every authenticated request, built once per database (or transaction) handle:
 * drizzle does not rebuild its SQL each time, and on PostgreSQL it is a named prepared statement
 * whose plan each connection keeps.
 */
const preparedAccountInSession = new WeakMap<
  Database,
  ReturnType<typeof prepareAccountInSession>
>();
function accountInSessionQuery(db: Database) {
  let query = preparedAccountInSession.get(db);
  if (!query) {
    query = prepareAccountInSession(db);
    preparedAccountInSession.set(db, query);
  }
  return query;
}

/**
 * The account an access token names, with its session, in the one query every authenticated
 * request makes: the session is null when it does not belong to this login.
 */
export async function findAccountInSession(db: Database, userLoginId: number, sessionId: number) {
  const [row] = await accountInSessionQuery(db).execute({ userLoginId, sessionId });
  if (!row) return null;
  const { session, ...account } = row;
  return { account: toAccount(account), session };
}

/** A deleted advertiser, or a login without its role's record, is granted nothing. */
export function isActiveAccount(account: Account): boolean {
  if (account.role === "administrator") return account.administratorId !== null;
  return account.clientId !== null && !account.clientDeleted;
}
