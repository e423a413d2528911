export * from './plans.ts';
export * from './categories.ts';
export * from './cities.ts';
export * from './phone.ts';
export * from './contact.ts';
export * from './api.ts';
export * from './distance.ts';
