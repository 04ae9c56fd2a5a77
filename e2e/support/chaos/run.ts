import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PROFILE_FIELDS } from '../agents';
import type { Product } from '../server';
import { connectFreelancer, createAccount, signedInContext } from '../session';
import { until } from '../wait';
import { installFaults, type FaultMode } from './faults';
import { conflictKey, expectedState, multisetDiff, shown, type AgentField, type AgentState, type Write } from './model';
import { seededRng } from './rng';
import {
  answerConflict,
  createAgent,
  decide,
  deleteAgent,
  fieldOfLabel,
  listedAgents,
  openEdit,
  openProposals,
  shownConflicts,
  shownRefusals,
  STEP_MS,
  submitEdit,
  toggleStatus,
} from './ui';

export interface ChaosOptions {
  seed: number;
  /** Random actions to take (each one a cycle). */
  cycles: number;
  product: Product;
  browser: Browser;
  /** Server restarts allowed in this run (each costs a process start). */
  restarts?: number;
  log?: (line: string) => void;
}

export interface ChaosReport {
  seed: number;
  cycles: number;
  /** Actions by kind (taken, whatever their outcome). */
  actions: Record<string, number>;
  /** Writes the user was told succeeded. */
  told: number;
  /** Told writes whose effect is not on the server (or not on both pages). */
  lost: string[];
  /** Effects on the server more than once. */
  doubled: string[];
  conflictsExpected: number;
  conflictsShown: number;
  /** Everything that went against the rules (lost, doubled, unshown or unexpected conflicts, disagreeing pages). */
  problems: string[];
  /** The actions taken, to read with the seed. */
  steps: string[];
}

const ACTIONS = {
  create: 6,
  openEdit: 10,
  submitEdit: 0,
  cancelEdit: 0,
  toggle: 5,
  remove: 2,
  approve: 3,
  discard: 2,
  offline: 3,
  online: 0,
  reload: 2,
  closeTab: 2,
  restart: 1,
  faults: 3,
  answer: 0,
} as const;
type Action = keyof typeof ACTIONS;

interface Tab {
  label: 'A' | 'B';
  page: Page;
  /** An edit dialog open on this tab: the agent and what the form showed. */
  dialog: { id: string; seen: { name: string; emailsPerDay: number } } | null;
}

const RUNNER_AGENT = 'Runner agent';

/**
 * One chaos run: a fresh user with two tabs, `cycles` random actions from the seed (create, edit
 * in dialogs left open across other actions, status, delete, approve, discard, offline and online,
 * reloads, a tab closed mid-sync, server restarts, slow, failing and lost answers), then, with the
 * network back, the checks: every write the user was told succeeded is on the server once, every
 * conflict was shown (and nothing else), and both tabs show what the server has.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { seed, cycles, product, browser } = options;
  const rng = seededRng(seed);
  const log = options.log ?? (() => {});
  const tag = seed.toString(36);
  const steps: string[] = [];
  let stepStarted = Date.now();
  const step = (line: string) => {
    const text = `${line} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`;
    steps.push(text);
    log(text);
  };
  const actions: Record<string, number> = {};
  const writes: Write[] = [];
  const handledConflicts: string[] = [];
  const maybeCreated = new Set<string>();
  let restartsLeft = options.restarts ?? 1;

  // The user: a Freelancer.com account connected, an agent in review mode with drafts.
  const account = await createAccount(product, `chaos.${tag}.${Date.now().toString(36)}@gmail.com`);
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${account.token}` };
  const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${product.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: auth,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as any };
  };
  await api(`/users/${account.user.id}`, {
    method: 'PUT',
    body: { freelancerProfileComplete: true, skills: ['React.js', 'Node.js', 'TypeScript', 'PHP'] },
  });
  const context: BrowserContext = await signedInContext(browser, product, account.token, { viewport: { width: 1280, height: 900 } });
  try {
    const consent = await context.newPage();
    await connectFreelancer(consent, product, account.user.id, `chaos_${tag}_${Date.now().toString(36)}`);
    await consent.close();
    const runnerId = crypto.randomUUID();
    const created = await api('/automations', {
      method: 'POST',
      body: {
        id: runnerId,
        title: 'developer',
        name: RUNNER_AGENT,
        platform: 'freelancer',
        sendMode: 'review',
        emailsPerDay: 5,
        ...PROFILE_FIELDS,
      },
    });
    if (created.status !== 201) throw new Error(`runner agent: ${created.status}`);
    await api(`/automations/${runnerId}/run`, { method: 'POST' });
    const initial = new Map<string, AgentState>([
      [runnerId, { title: 'developer', name: RUNNER_AGENT, emailsPerDay: 5, status: 'paused' }],
    ]);

    const faults = await installFaults(context, seededRng(seed ^ 0x5eed));
    let offline = false;
    const openTab = async (label: 'A' | 'B'): Promise<Tab> => {
      const page = await context.newPage();
      await page.goto(`${product.url}/dashboard/automations`);
      await page.getByRole('heading', { name: 'Job Automations', level: 1 }).waitFor({ timeout: STEP_MS });
      return { label, page, dialog: null };
    };
    const first = await openTab('A');
    await first.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await first.page.reload();
    const tabs: Tab[] = [first, await openTab('B')];
    for (const tab of tabs) await tab.page.getByRole('heading', { name: 'Job Automations', level: 1 }).waitFor({ timeout: STEP_MS });

    /** The agents as the model knows them now (for names to act on). */
    const model = () => expectedState(initial, writes);
    /** An agent the tab shows (often the one a dialog on the other tab is open on, for conflicts). */
    const someAgent = async (tab: Tab, options: { except?: string; near?: string } = {}) => {
      const shownAgents = (await listedAgents(tab.page)).filter((a) => a.id !== options.except);
      const near = shownAgents.find((a) => a.id === options.near);
      if (near && rng.chance(0.6)) return near;
      return shownAgents.length > 0 ? rng.pick(shownAgents) : null;
    };
    const otherDialog = (tab: Tab) => tabs.find((t) => t !== tab)?.dialog?.id;

    for (let cycle = 1; cycle <= cycles; cycle++) {
      const withDialog = tabs.filter((t) => t.dialog);
      const conflictsNow = await shownConflicts(tabs[0]!.page).catch((): Awaited<ReturnType<typeof shownConflicts>> => []);
      const weights: Record<Action, number> = {
        ...ACTIONS,
        // One dialog open: often a second one on the other tab (a stale pair); two: save them.
        openEdit: withDialog.length === 1 ? 14 : ACTIONS.openEdit,
        submitEdit: withDialog.length === 2 ? 16 : withDialog.length === 1 ? 8 : 0,
        cancelEdit: withDialog.length > 0 ? 1 : 0,
        offline: offline ? 0 : ACTIONS.offline,
        online: offline ? 6 : 0,
        restart: restartsLeft > 0 ? ACTIONS.restart : 0,
        answer: conflictsNow.length > 0 ? 6 : 0,
      };
      const action = rng.weighted(weights);
      stepStarted = Date.now();
      actions[action] = (actions[action] ?? 0) + 1;
      const dialogTab = withDialog.length > 0 ? rng.pick(withDialog) : null;
      // Other actions mostly go to a tab without an open dialog, so dialogs stay open (and stale) a while.
      const free = tabs.filter((t) => !t.dialog);
      const tab =
        action === 'submitEdit' || action === 'cancelEdit'
          ? dialogTab!
          : free.length > 0 && rng.chance(0.8)
            ? rng.pick(free)
            : rng.pick(tabs);
      const at = `#${cycle} ${tab.label} ${action}`;
      // Any other action on a tab with an open dialog leaves the dialog (not saved).
      if (tab.dialog && action !== 'submitEdit' && !['offline', 'online', 'restart', 'faults', 'answer'].includes(action))
        tab.dialog = null;
      try {
        switch (action) {
          case 'create': {
            const agent: AgentState = {
              title: `Chaos ${tag} ${cycle}`,
              name: `A-${tag}-${cycle}`,
              emailsPerDay: rng.int(1, 20),
              status: 'paused',
            };
            maybeCreated.add(agent.title);
            const result = await createAgent(tab.page, agent);
            if (result === 'limit') step(`${at}: the limit page (no wizard)`);
            else {
              writes.push({ kind: 'create', id: result.id, agent });
              maybeCreated.delete(agent.title);
              step(`${at}: created ${agent.name} (${result.id})`);
            }
            break;
          }
          case 'openEdit': {
            const target = await someAgent(tab, { near: otherDialog(tab) });
            if (!target) break;
            const opened = await openEdit(tab.page, target.id);
            tab.dialog = opened;
            step(`${at}: ${target.name} ${opened ? `opened (${JSON.stringify(opened.seen)})` : 'not there'}`);
            break;
          }
          case 'cancelEdit':
            await tab.page.keyboard.press('Escape');
            tab.dialog = null;
            step(`${at}`);
            break;
          case 'submitEdit': {
            const dialog = tab.dialog!;
            const changes: Partial<Record<'name' | 'emailsPerDay', string | number>> = {};
            if (rng.chance(0.7)) changes.name = `N-${tag}-${cycle}`;
            if (!changes.name || rng.chance(0.5)) {
              let perDay = rng.int(1, 20);
              if (perDay === dialog.seen.emailsPerDay) perDay = (perDay % 20) + 1;
              changes.emailsPerDay = perDay;
            }
            const result = await submitEdit(tab.page, changes);
            tab.dialog = null;
            if (result === 'saved') {
              const edit: Write = { kind: 'edit', id: dialog.id, changes: {} };
              for (const [field, value] of Object.entries(changes) as Array<['name' | 'emailsPerDay', string | number]>)
                edit.changes[field] = { seen: dialog.seen[field], value };
              writes.push(edit);
            }
            step(`${at}: ${dialog.id} ${JSON.stringify(changes)} → ${result}`);
            break;
          }
          case 'toggle': {
            const target = await someAgent(tab, { near: otherDialog(tab) });
            if (!target) break;
            const result = await toggleStatus(tab.page, target.id);
            if (result?.saved)
              writes.push({
                kind: 'edit',
                id: target.id,
                changes: { status: { seen: result.seen, value: result.seen === 'active' ? 'paused' : 'active' } },
              });
            step(`${at}: ${target.name} ${result ? `${result.seen} → ${result.saved ? 'flipped' : 'failed'}` : 'not there'}`);
            break;
          }
          case 'remove': {
            const target = await someAgent(tab, { except: runnerId });
            if (!target) break;
            const result = await deleteAgent(tab.page, target.id);
            if (result === 'deleted') writes.push({ kind: 'delete', id: target.id });
            step(`${at}: ${target.name} → ${result}`);
            break;
          }
          case 'approve':
          case 'discard': {
            const drafts = await openProposals(tab.page, runnerId);
            if (drafts.length === 0) {
              step(`${at}: no drafts`);
              break;
            }
            const itemId = rng.pick(drafts);
            const done = await decide(tab.page, itemId, action);
            if (done) writes.push({ kind: 'decide', itemId, decision: action });
            step(`${at}: ${itemId} → ${done ? 'told' : 'failed'}`);
            break;
          }
          case 'offline':
          case 'online':
            offline = action === 'offline';
            await context.setOffline(offline);
            step(at);
            break;
          case 'reload':
            await tab.page.reload();
            await tab.page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: STEP_MS });
            tab.dialog = null;
            step(at);
            break;
          case 'closeTab': {
            // A write, then the tab closed while its sync is on the wire (slow answers hold it there).
            const before = faults.mode;
            await faults.set('slow');
            const target = await someAgent(tab);
            let flipped = false;
            if (target) {
              const result = await toggleStatus(tab.page, target.id);
              if (result?.saved) {
                writes.push({
                  kind: 'edit',
                  id: target.id,
                  changes: { status: { seen: result.seen, value: result.seen === 'active' ? 'paused' : 'active' } },
                });
                flipped = true;
              }
              if (!offline)
                await until(
                  async () => faults.inFlightWrites,
                  (n) => n > 0,
                  'a write on the wire',
                  STEP_MS,
                ).catch(() => undefined);
            }
            await tab.page.close();
            await faults.set(before);
            const reopened = await openTab(tab.label);
            tab.page = reopened.page;
            tab.dialog = null;
            step(`${at}: ${target ? `${target.name} ${flipped ? 'flipped' : 'not flipped'}` : 'nothing to flip'}, closed, reopened`);
            break;
          }
          case 'restart': {
            restartsLeft -= 1;
            const signal = rng.chance(0.5) ? 'SIGKILL' : 'SIGTERM';
            await product.restart(signal);
            step(`${at}: ${signal}`);
            break;
          }
          case 'faults': {
            const mode = rng.pick<FaultMode>(['none', 'slow', 'fail', 'lose', 'none']);
            await faults.set(mode);
            step(`${at}: ${mode}`);
            break;
          }
          case 'answer': {
            // Read and answered on the first tab (both show the same notices).
            const notice = rng.pick(conflictsNow);
            const choice = rng.chance(0.5) ? 'mine' : 'theirs';
            await answerConflict(tabs[0]!.page, notice, choice);
            handledConflicts.push(...notice.keys);
            if (choice === 'mine') {
              const edit: Write = { kind: 'edit', id: notice.agentId, changes: {} };
              for (const field of notice.fields) {
                const name = fieldOfLabel(field.label) as AgentField;
                edit.changes[name] = { seen: valueOf(name, field.theirs), value: valueOf(name, field.yours) };
              }
              writes.push(edit);
            }
            step(`${at}: ${notice.keys.join(', ')} → ${choice}`);
            break;
          }
        }
      } catch (error) {
        const shot = `/tmp/chaos-${tag}-${cycle}.png`;
        await tab.page.screenshot({ path: shot }).catch(() => undefined);
        throw new Error(
          `${at} did not finish (${shot}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n${steps.join('\n')}`,
          { cause: error },
        );
      }
    }

    // The network back, no faults: everything must settle.
    await faults.set('none');
    await context.setOffline(true);
    await context.setOffline(false);
    for (const tab of tabs) if (tab.page.isClosed()) tab.page = (await openTab(tab.label)).page;
    const serverAgents = async () => ((await api(`/automations/${account.user.id}`)).json.data as Array<AgentState & { id: string }>) ?? [];
    const sameList = (a: Array<{ name: string; status: string }>, b: Array<{ name: string; status: string }>) =>
      JSON.stringify([...a].map((x) => `${x.name}|${x.status}`).sort()) ===
      JSON.stringify([...b].map((x) => `${x.name}|${x.status}`).sort());
    let settled: {
      server: Array<AgentState & { id: string }>;
      a: Awaited<ReturnType<typeof listedAgents>>;
      b: Awaited<ReturnType<typeof listedAgents>>;
    } | null = null;
    try {
      settled = await until(
        async () => {
          const pending = await Promise.all(
            tabs.map((tab) =>
              tab.page
                .getByRole('status')
                .filter({ hasText: /^Last synced at/ })
                .count(),
            ),
          );
          const server = await serverAgents();
          const [a, b] = await Promise.all(tabs.map((tab) => listedAgents(tab.page)));
          return { server, a: a!, b: b!, synced: pending.every((n) => n > 0) };
        },
        (state) => state.synced && sameList(state.a, state.server) && sameList(state.b, state.server),
        'the two tabs and the server to agree',
        120_000,
      );
    } catch (error) {
      settled = null;
      steps.push(`convergence: ${error instanceof Error ? error.message : String(error)}`);
      for (const tab of tabs) steps.push(`tab ${tab.label}: ${await diagnose(tab.page)}`);
    }

    // The checks.
    const expected = model();
    const problems: string[] = [];
    const lost: string[] = [];
    const doubled: string[] = [];
    const server = settled?.server ?? (await serverAgents());
    if (!settled) problems.push('the tabs and the server did not come to agree');
    const byTitle = new Map<string, number>();
    for (const agent of server) byTitle.set(agent.title, (byTitle.get(agent.title) ?? 0) + 1);
    for (const [title, count] of byTitle)
      if (count > 1 && title !== 'developer') doubled.push(`agent "${title}" ${count} times on the server`);
    for (const [id, agent] of expected.agents) {
      const found = server.find((a) => a.id === id);
      if (!found) {
        lost.push(`agent ${agent.name} (${id}) missing on the server`);
        continue;
      }
      for (const field of ['name', 'emailsPerDay', 'status'] as const) {
        if (found[field] !== agent[field])
          lost.push(`agent ${id} ${field}: expected ${shown(field, agent[field])}, server has ${shown(field, found[field])}`);
      }
    }
    for (const agent of server) {
      if (!expected.agents.has(agent.id) && !maybeCreated.has(agent.title))
        doubled.push(`agent ${agent.name} (${agent.id}) on the server but never told created (or told deleted)`);
    }
    const items = ((await api(`/automations/${runnerId}/jobs`)).json?.data ?? []) as Array<{ id: string; status: string }>;
    for (const [itemId, decision] of expected.decisions) {
      const item = items.find((i) => i.id === itemId);
      const ok = decision === 'discard' ? item?.status === 'skipped' : item && ['processing', 'completed'].includes(item.status);
      if (!ok) lost.push(`proposal ${itemId} ${decision}d, server has ${item?.status ?? 'nothing'}`);
    }
    const remaining = await shownConflicts(tabs[0]!.page);
    const shownKeys = [...handledConflicts, ...remaining.flatMap((n) => n.keys)];
    const diff = multisetDiff(expected.conflicts, shownKeys);
    for (const key of diff.missing) problems.push(`conflict never shown: ${key}`);
    for (const key of diff.extra) problems.push(`conflict shown but not expected: ${key}`);
    const refusals = await shownRefusals(tabs[0]!.page);
    if (refusals.length !== expected.refused)
      problems.push(`refused changes shown ${refusals.length}, expected ${expected.refused}: ${refusals.join(' / ')}`);
    problems.push(...lost, ...doubled);
    return {
      seed,
      cycles,
      actions,
      told: writes.length,
      lost,
      doubled,
      conflictsExpected: expected.conflicts.length,
      conflictsShown: shownKeys.length,
      problems,
      steps,
    };
  } finally {
    await context.close();
  }
}

/** What a tab's sync says and what its outbox holds (for a run that did not settle). */
async function diagnose(page: Page): Promise<string> {
  const status = await page
    .getByRole('status')
    .allInnerTexts()
    .catch(() => []);
  const outbox = await page
    .evaluate(
      () =>
        new Promise<unknown[]>((resolve) => {
          const open = indexedDB.open('bidpilot');
          open.onsuccess = () => {
            const read = open.result.transaction('outbox').objectStore('outbox').getAll();
            read.onsuccess = () =>
              resolve(
                (read.result as Array<Record<string, unknown>>).map(({ op, entityId, state, attempts, lastError, baseVersion }) => ({
                  op,
                  entityId,
                  state,
                  attempts,
                  lastError,
                  baseVersion,
                })),
              );
            read.onerror = () => resolve([]);
          };
          open.onerror = () => resolve([]);
        }),
    )
    .catch(() => []);
  return `status ${JSON.stringify(status)}; outbox ${JSON.stringify(outbox)}`;
}

/** A value read from a notice, back to the agent's field type. */
function valueOf(field: AgentField, text: string): unknown {
  if (field === 'emailsPerDay') return Number(text);
  if (field === 'status') return text === 'Active' ? 'active' : 'paused';
  return text;
}

export { conflictKey };
