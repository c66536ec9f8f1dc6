/**
 * A select's options: an empty first choice that says what it means, then one record a line by
 * its name.
 * @example <NativeSelect name="categoryId"><RecordOptions empty="No category" records={categories} /></NativeSelect>
 */
export function RecordOptions({ empty, records }: { empty: string; records: readonly { id: string; name: string }[] }) {
  return (
    <>
      <option value="">{empty}</option>
      {records.map((record) => (
        <option key={record.id} value={record.id}>
          {record.name}
        </option>
      ))}
    </>
  )
}
