import Database from 'better-sqlite3';

const letter = `Hello, I read your post carefully and I have built three similar products in the past two years.
I would start with a short call to confirm the scope, then deliver a first working version within a week,
with tests and a clear hand-over. My recent work includes a React dashboard for a logistics start-up and
an API integration for an online shop. Which part of the project matters most to you?`;

/**
 * Writes `count` job items of one user (one agent) straight into the product's SQLite file, each
 * with its change_log row as recordChange leaves it (one per record).
 */
export function seedJobItems(file: string, userId: string, agentId: string, count: number): void {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  const item = db.prepare(
    `INSERT INTO job_items (id, user_id, agent_id, platform, external_id, title, client_name, status, budget, applied_date,
       experience_level, duration, apply_url, last_error, proposal_requirements, created_at, updated_at, version)
     VALUES (?, ?, ?, 'upwork', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  );
  const change = db.prepare(`INSERT INTO change_log (user_id, entity, entity_id, deleted, changed_at) VALUES (?, 'jobItem', ?, 0, ?)`);
  const statuses = ['completed', 'processing', 'failed', 'draft'] as const;
  const start = Date.now() - count * 60_000;
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const id = crypto.randomUUID();
      const at = start + i * 60_000;
      const status = statuses[i % statuses.length]!;
      item.run(
        id,
        userId,
        agentId,
        `bench-${i}`,
        `React developer for project #${i}`,
        i % 5 === 0 ? null : `Client ${i % 97}`,
        status,
        i % 3 === 0 ? null : `$${100 + (i % 40) * 25} - $${300 + (i % 40) * 50}`,
        status === 'completed' ? at : null,
        'intermediate',
        'medium_term',
        `https://www.upwork.com/jobs/~bench${i}`,
        status === 'failed' ? 'The marketplace refused the proposal' : null,
        letter,
        at,
        at,
      );
      change.run(userId, id, at);
    }
  })();
  db.close();
}

/** Signs a bench user up and gives it one agent; answers its token and ids. */
export async function benchUser(api: string, email: string): Promise<{ token: string; userId: string; agentId: string }> {
  const signup = await fetch(`${api}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Bench-Pass1', platformType: 'upwork' }),
  });
  if (signup.status !== 201) throw new Error(`could not create the bench account: ${signup.status}`);
  const { token, user } = ((await signup.json()) as { data: { token: string; user: { id: string } } }).data;
  const created = await fetch(`${api}/automations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'Bench agent', platform: 'upwork' }),
  });
  if (created.status !== 201) throw new Error(`could not create the bench agent: ${created.status}`);
  return { token, userId: user.id, agentId: ((await created.json()) as { id: string }).id };
}
