import type { ChangeEvent } from 'react';

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Props for a wizard field whose value lives in a store. Fields stay uncontrolled (defaultValue),
 * so what someone typed or chose before the island started on a slow phone is kept.
 */
export function fieldProps<K extends string>(
  prefix: string,
  key: K,
  value: string,
  update: (key: K, value: string) => void,
) {
  return {
    id: `${prefix}-${key}`,
    name: key,
    defaultValue: value,
    onChange: (e: ChangeEvent<FieldElement>) => update(key, e.target.value),
  };
}
