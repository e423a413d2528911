import type { ChangeEvent } from 'react';

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Props for a wizard field whose value lives in a store. Text inputs stay uncontrolled
 * (defaultValue), so what someone typed before the island started on a slow phone is kept; selects
 * are controlled, because preact/compat does not apply defaultValue to a <select>.
 */
export function fieldProps<K extends string>(prefix: string, key: K, value: string, update: (key: K, value: string) => void) {
  return {
    id: `${prefix}-${key}`,
    name: key,
    defaultValue: value,
    onChange: (e: ChangeEvent<FieldElement>) => update(key, e.target.value),
  };
}

export function selectProps<K extends string>(prefix: string, key: K, value: string, update: (key: K, value: string) => void) {
  const { defaultValue, ...rest } = fieldProps(prefix, key, value, update);
  return { ...rest, value: defaultValue };
}
