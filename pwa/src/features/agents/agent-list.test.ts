import { describe, expect, it } from 'vitest';
import type { Agent } from '@shared/schemas/agent';
import { filterAgents } from './agent-list';

const agent = (name: string, status: Agent['status']) => ({ id: name, name, status }) as Agent;

describe('filterAgents', () => {
  const list = [agent('React Bot', 'active'), agent('Logo designer', 'paused'), agent('react native', 'paused')];
  it('matches a part of the name, whatever the case', () => {
    expect(filterAgents(list, 'REACT', 'all').map((a) => a.name)).toEqual(['React Bot', 'react native']);
    expect(filterAgents(list, '  ', 'all')).toHaveLength(3);
  });
  it('filters by status', () => {
    expect(filterAgents(list, 'react', 'paused').map((a) => a.name)).toEqual(['react native']);
    expect(filterAgents(list, '', 'active').map((a) => a.name)).toEqual(['React Bot']);
  });
});
