import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { usePermanentTrailerColumns } from '../hooks/usePermanentTrailerColumns';
import { usePermanentTrailers } from '../hooks/usePermanentTrailers';
import { usePermanentTrailerWrites } from '../hooks/usePermanentTrailerWrites';
import { PermanentTrailerFormModal } from './PermanentTrailerFormModal';
import { SheetListTab } from './SheetListTab';

// The Permanent Trailers tab: the depot's and regular transporters' trailers (spec 3 §3), by hand
// or by sheet.
export function PermanentTrailersTab({ access, pageSize }: { access: ScreenAccess; pageSize: number }) {
  const writes = usePermanentTrailerWrites(access.user.userName);
  const columns = usePermanentTrailerColumns();
  return (
    <SheetListTab
      testId="permanent-trailers"
      label="Permanent trailers"
      uploadTitle="Upload of permanent trailers"
      searchPlaceholder="Search number, tag, transporter"
      emptyText="No permanent trailers"
      access={access}
      pageSize={pageSize}
      useRows={usePermanentTrailers}
      columns={columns}
      remove={writes.remove}
      upload={writes.upload}
      nameOf={(trailer) => `permanent trailer ${trailer.trailerNumber}`}
      renderForm={(trailer, onClose) => (
        <PermanentTrailerFormModal trailer={trailer} save={writes.save} onClose={onClose} />
      )}
    />
  );
}
