import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { usePlaCardColumns } from '../hooks/usePlaCardColumns';
import { usePlaCards } from '../hooks/usePlaCards';
import { usePlaCardWrites } from '../hooks/usePlaCardWrites';
import { PlaCardFormModal } from './PlaCardFormModal';
import { SheetListTab } from './SheetListTab';

// The PLA cards tab: which card each trailer tag carries (spec 3 §3), by hand or by sheet.
export function PlaCardsTab({ access, pageSize }: { access: ScreenAccess; pageSize: number }) {
  const writes = usePlaCardWrites(access.user.userName);
  const columns = usePlaCardColumns();
  return (
    <SheetListTab
      testId="pla-cards"
      label="PLA cards"
      uploadTitle="Upload of PLA cards"
      searchPlaceholder="Search tag or card"
      emptyText="No PLA cards"
      access={access}
      pageSize={pageSize}
      useRows={usePlaCards}
      columns={columns}
      remove={writes.remove}
      upload={writes.upload}
      nameOf={(card) => `PLA card ${card.plaCardNumber}`}
      renderForm={(card, onClose) => <PlaCardFormModal card={card} save={writes.save} onClose={onClose} />}
    />
  );
}
