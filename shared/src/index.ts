export * from './errors';
export * from './validation';
export * from './languages';
export * from './schemas/user';
export * from './schemas/auth';
export * from './schemas/health';
export * from './schemas/sandbox';
