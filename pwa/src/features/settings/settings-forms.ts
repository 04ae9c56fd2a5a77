import { integrationMessages, UPWORK_PROFILE_URL } from '@shared/schemas/integrations';
import { RESUME_MAX_BYTES } from '@shared/schemas/resume';
import type { TelegramConfigResponse } from '@shared/schemas/telegram';
import type { UpdateUserBody, User } from '@shared/schemas/user';

/** The Upwork setup form (part 2, "Platform integrations"). */
export interface UpworkSetupValues {
  freelancerName: string;
  username: string;
  password: string;
  securityAnswer: string;
  profileUrl: string;
}

export const EMPTY_UPWORK_SETUP: UpworkSetupValues = { freelancerName: '', username: '', password: '', securityAnswer: '', profileUrl: '' };

/** Which message a problem shows (keys of `integrationMessages`), and the field to focus. */
export type UpworkSetupProblem = { key: 'profileUrlRequired' | 'profileUrlInvalid' | 'allFieldsRequired'; field: keyof UpworkSetupValues };

/** The specification's order: the profile URL (required, then an Upwork profile address), then every other field. */
export function checkUpworkSetup(values: UpworkSetupValues): UpworkSetupProblem | null {
  const url = values.profileUrl.trim();
  if (!url) return { key: 'profileUrlRequired', field: 'profileUrl' };
  if (!UPWORK_PROFILE_URL.test(url)) return { key: 'profileUrlInvalid', field: 'profileUrl' };
  for (const field of ['freelancerName', 'username', 'password', 'securityAnswer'] as const) {
    const value = field === 'password' ? values[field] : values[field].trim();
    if (!value) return { key: 'allFieldsRequired', field };
  }
  return null;
}

/** The English text of a problem (the specification's words; translated under `integrations.setup.`). */
export function upworkProblemMessage(problem: UpworkSetupProblem): string {
  return integrationMessages[problem.key];
}

/** The résumé types accepted: PDF and DOCX. */
const RESUME_TYPES: Record<string, 'pdf' | 'docx'> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

export type ResumeFileProblem = 'type' | 'size' | 'empty';

/** Checks a chosen file before upload: PDF or DOCX (by type, or by extension when the type is blank), 1 byte to 5 MB. */
export function checkResumeFile(file: { name: string; type: string; size: number }): ResumeFileProblem | null {
  const byType = RESUME_TYPES[file.type];
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const byName = ext === 'pdf' || ext === 'docx' ? ext : undefined;
  if (file.type ? !byType || (byName !== undefined && byName !== byType) : !byName) return 'type';
  if (!byName && !byType) return 'type';
  if (file.size <= 0) return 'empty';
  if (file.size > RESUME_MAX_BYTES) return 'size';
  return null;
}

/** A file size in the user's language: "512 KB", "1.4 MB". */
export function formatFileSize(bytes: number, language: string): string {
  const fmt = (n: number, max: number) => new Intl.NumberFormat(language, { maximumFractionDigits: max }).format(n);
  if (bytes < 1024 * 1024) return `${fmt(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
  return `${fmt(bytes / (1024 * 1024), 1)} MB`;
}

/** The profile fields of Settings. */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  skills: string[];
  portfolioLinks: string[];
  profileTitle: string;
  profileOverview: string;
  workHistory: string;
  portfolio: string;
  upworkProfileUrl: string;
  freelancerProfileUrl: string;
  upworkProfileComplete: boolean;
  freelancerProfileComplete: boolean;
}

export function profileValues(user: Pick<User, keyof ProfileValues>): ProfileValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    skills: [...user.skills],
    portfolioLinks: [...user.portfolioLinks],
    profileTitle: user.profileTitle ?? '',
    profileOverview: user.profileOverview ?? '',
    workHistory: user.workHistory ?? '',
    portfolio: user.portfolio ?? '',
    upworkProfileUrl: user.upworkProfileUrl ?? '',
    freelancerProfileUrl: user.freelancerProfileUrl ?? '',
    upworkProfileComplete: user.upworkProfileComplete,
    freelancerProfileComplete: user.freelancerProfileComplete,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Only what changed, as `PUT /api/users/{id}` takes it (blank names become null). */
export function profileChanges(user: Pick<User, keyof ProfileValues>, values: ProfileValues): UpdateUserBody {
  const out: Record<string, unknown> = {};
  const first = values.firstName.trim() || null;
  const last = values.lastName.trim() || null;
  if (first !== (user.firstName ?? null)) out.firstName = first;
  if (last !== (user.lastName ?? null)) out.lastName = last;
  if (!sameList(values.skills, user.skills)) out.skills = values.skills;
  if (!sameList(values.portfolioLinks, user.portfolioLinks)) out.portfolioLinks = values.portfolioLinks;
  const title = values.profileTitle.trim() || null;
  const overview = values.profileOverview.trim() || null;
  if (title !== (user.profileTitle ?? null)) out.profileTitle = title;
  if (overview !== (user.profileOverview ?? null)) out.profileOverview = overview;
  for (const key of ['workHistory', 'portfolio', 'upworkProfileUrl', 'freelancerProfileUrl'] as const) {
    const value = values[key].trim() || null;
    if (value !== (user[key] ?? null)) out[key] = value;
  }
  if (values.upworkProfileComplete !== user.upworkProfileComplete) out.upworkProfileComplete = values.upworkProfileComplete;
  if (values.freelancerProfileComplete !== user.freelancerProfileComplete) out.freelancerProfileComplete = values.freelancerProfileComplete;
  return out as UpdateUserBody;
}

/** Whether a portfolio link is an http(s) address. */
export function isWebLink(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** What the Telegram card shows. */
export type TelegramCardView = 'loading' | 'unavailable' | 'notOnServer' | 'sandbox' | 'connect' | 'linked';

export function telegramCardView(
  config: TelegramConfigResponse | null | 'error' | undefined,
  linked: boolean | undefined,
): TelegramCardView {
  if (linked === true) return 'linked';
  if (config === undefined || linked === undefined) return config === 'error' ? 'unavailable' : 'loading';
  if (config === 'error' || config === null) return 'unavailable';
  // Without a bot users are only told so: setting one up is the operator's work (README, "Telegram").
  if (!config.botUsername) return 'notOnServer';
  // The sandbox's bot, which Telegram's widget cannot reach: linked through the sandbox's own login.
  if (config.sandbox) return 'sandbox';
  return 'connect';
}

/** A bot username as Telegram allows it (5–32 letters, digits, underscores). */
export function isBotUsername(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(name);
}
