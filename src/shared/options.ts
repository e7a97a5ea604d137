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

/**
 * A status list written as `{ value: { label, description } }`: each status beside its label and the
 * history line it writes, given back as the labels (a `{ value: 'Label' }` table), the values in order
 * (as `valuesOf` gives them) and the descriptions.
 */
export function statusTable<const Table extends Record<string, { label: string; description: string }>>(table: Table) {
  type Status = Extract<keyof Table, string>;
  const rows = Object.entries(table) as [Status, Table[Status]][];
  const field = (name: 'label' | 'description') =>
    Object.fromEntries(rows.map(([status, row]) => [status, row[name]])) as Record<Status, string>;
  const labels = field('label');
  return { labels, values: valuesOf(labels), descriptions: field('description') };
}
