/**
 * 未归档 / 已归档 / 全部 above the change and approval lists: archived requests leave the default list and
 * are found here (docs/domain.md, MOC rules).
 */
import { ARCHIVE_FILTER_LABELS } from '@common/moc';
import { ARCHIVE_FILTERS, type ArchiveFilter as Archive } from '@contract/vocabulary';
import { Radio } from 'antd';

export type { Archive };

/** The list query's `archive`: left out for the default (not archived), so that default queries stay as they were. */
export const archiveParam = (archive: Archive) => (archive === 'active' ? undefined : archive);

export default function ArchiveFilter({ value, onChange }: { value: Archive; onChange: (value: Archive) => void }) {
  return (
    <span role="radiogroup" aria-label="归档筛选">
      <Radio.Group
        optionType="button"
        size="small"
        value={value}
        onChange={(event) => onChange(event.target.value as Archive)}
        options={ARCHIVE_FILTERS.map((key) => ({ value: key, label: ARCHIVE_FILTER_LABELS[key] }))}
      />
    </span>
  );
}
