/** The 12 professional categories (docs/PRODUCT.md "Categories and cities"). Option values drop spaces and slashes (docs/PRODUCT.md "Categories and cities"). */
export const CATEGORY_NAMES = [
  'Electrician',
  'Plumber',
  'Painter',
  'Welder',
  'Mason/Tiler',
  'Cook',
  'Cleaner',
  'Teacher',
  'Errand Service',
  'Masseuse',
  'Carpenter',
  'Fashion Designer',
] as const;

export type CategoryName = (typeof CATEGORY_NAMES)[number];

export const categoryValue = (name: string): string => name.replace(/[\s/]/g, '');

export const CATEGORIES = CATEGORY_NAMES.map((name) => ({ name, value: categoryValue(name) }));
