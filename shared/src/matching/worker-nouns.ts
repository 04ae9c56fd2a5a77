/**
 * Nouns that name a software worker ("Go **developer**", "Kotlin **engineer**"). Two readings share
 * them: the vocabulary, where one right after a cased software name makes it that name even first
 * in a sentence, and the roles, where one after a skill makes the skill the worker's trade.
 */
export const DEVELOPER_NOUNS: readonly string[] = [
  'developer',
  'developers',
  'dev',
  'devs',
  'engineer',
  'engineers',
  'programmer',
  'programmers',
];
