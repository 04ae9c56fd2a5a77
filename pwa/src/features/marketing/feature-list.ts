import type { FeatureIconName } from './FeatureIcon';

/** The product's features: the home page shows the first four, /features all eight. */
export const FEATURES = [
  { id: 'projectSearch', icon: 'search' },
  { id: 'automation', icon: 'automation' },
  { id: 'ai', icon: 'ai' },
  { id: 'security', icon: 'security' },
  { id: 'matchScore', icon: 'score' },
  { id: 'sendModes', icon: 'review' },
  { id: 'tracking', icon: 'tracking' },
  { id: 'notifications', icon: 'notifications' },
] as const satisfies ReadonlyArray<{ id: string; icon: FeatureIconName }>;

export type FeatureId = (typeof FEATURES)[number]['id'];
