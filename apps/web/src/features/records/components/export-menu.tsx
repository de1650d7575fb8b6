import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Download } from 'lucide-react';
import { toastError } from '../../../ui/toast-error';
import { useExportRecords, type RecordsExport } from '../api/export-records';
import { saveFile } from '../../../lib/download';
import type { RecordKind } from '../kinds';

/**
 * Export as a disclosure (a button that shows two more): everything I keep as JSON, or this list
 * as a CSV sheet. Escape or a tap elsewhere closes it.
 */
export function ExportMenu({ kind }: { kind: RecordKind }) {
  const { t } = useTranslation();
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const download = useExportRecords({
    onSuccess: ({ blob, filename }) => {
      saveFile(blob, filename);
    },
    onError: (error) => {
      toastError(error, t);
    },
  });

  useEffect(() => {
    if (!open) return undefined;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => {
      document.removeEventListener('pointerdown', away);
    };
  }, [open]);

  const run = (request: RecordsExport) => {
    setOpen(false);
    toggle.current?.focus();
    download.mutate(request);
  };

  return (
    <div
      ref={root}
      className="export-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={listId}
        disabled={download.isPending}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        <Download aria-hidden size={18} /> {t('records.export.button')} <ChevronDown aria-hidden size={16} />
      </button>
      <ul id={listId} className="export-menu-list" hidden={!open}>
        <li>
          <button
            type="button"
            onClick={() => {
              run({ format: 'json' });
            }}
          >
            {t('records.export.json')}
          </button>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              run({ format: 'csv', kind });
            }}
          >
            {t('records.export.csv')}
          </button>
        </li>
      </ul>
    </div>
  );
}
