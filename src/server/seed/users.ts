import { eq } from 'drizzle-orm';
import { DEMO_AGENTS } from '../../shared/agents';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { generatePassword, hashPassword, type PasswordWork } from '../lib/passwords';

export interface SeedLog {
  info(message: string): void;
}

/** The first admin: from ADMIN_EMAIL/ADMIN_PASSWORD, or admin@quickbuy.co.za with a generated password printed once. */
export async function seedAdmin(
  db: Database,
  options: { email?: string; password?: string; work: PasswordWork; log: SeedLog },
) {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing.length > 0) return;
  const email = options.email ?? 'admin@quickbuy.co.za';
  const password = options.password ?? generatePassword();
  await db.insert(users).values({
    role: 'admin',
    email,
    passwordHash: await hashPassword(password, options.work),
    firstName: 'QuickBuy',
    lastName: 'Admin',
  });
  if (!options.password) {
    options.log.info(
      `First admin created: ${email} with password ${password} (shown once; set ADMIN_PASSWORD to choose it)`,
    );
  }
}

/** The spec's two demo agents, with DEMO_AGENT_PASSWORD or a generated password printed once. */
export async function seedDemoAgents(db: Database, options: { password?: string; work: PasswordWork; log: SeedLog }) {
  const password = options.password ?? generatePassword();
  const passwordHash = await hashPassword(password, options.work);
  for (const agent of DEMO_AGENTS) {
    const [firstName = '', ...rest] = agent.name.split(' ');
    await db
      .insert(users)
      .values({
        role: 'agent',
        email: agent.email,
        username: agent.username,
        passwordHash,
        firstName,
        lastName: rest.join(' '),
        phone: agent.phone,
        agentRole: agent.role,
      })
      .onConflictDoNothing();
  }
  if (!options.password) {
    options.log.info(
      `Demo agents ${DEMO_AGENTS.map((a) => a.username).join(' and ')} created with password ${password} (shown once; set DEMO_AGENT_PASSWORD to choose it)`,
    );
  }
}
