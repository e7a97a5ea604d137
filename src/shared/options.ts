/** One choice of a select, a filter or a status list: the value sent and the label people see. */
export interface Option<Value extends string = string> {
  readonly value: Value;
  readonly label: string;
}

export type OptionValue<List extends readonly Option[]> = List[number]['value'];

/**
 * An option list written as `{ value: 'Label' }`, in the order it is shown. Values are never
 * whole numbers ('10k-20k' is fine), which JavaScript would move to the front.
 */
export function optionList<const Labels extends Record<string, string>>(
  labels: Labels,
): readonly Option<Extract<keyof Labels, string>>[] {
  return Object.entries(labels).map(([value, label]) => ({ value: value as Extract<keyof Labels, string>, label }));
}

/** An option list's values as the non-empty tuple z.enum takes (this file stays free of zod for the storefront). */
export const optionValues = <List extends readonly Option[]>(list: List) =>
  list.map((option) => option.value) as [OptionValue<List>, ...OptionValue<List>[]];

/**
 * The values of a `{ value: 'Label' }` table, in its order, as the non-empty tuple z.enum and a check
 * constraint take: a vocabulary written once, each value beside its label.
 */
export const valuesOf = <const Labels extends Record<string, string>>(labels: Labels) =>
  optionValues(optionList(labels));
