import { INBOX_LIMITS } from '@jammy/shared/inbox';
import { INBOX_SHARE } from '@jammy/shared/inbox-share';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { takeShared } from '../../../lib/shared-store';
import { usePasteToInbox, useUploadToInbox } from './inbox';

/**
 * What a phone's share sheet sent to the installed app (the worker kept it and opened the inbox
 * with `?shared=<id>`): each file is sent in as an item, once; the shared text too when no file
 * came with it (with a file, it is the file's title). `unavailable`: a share reached the server
 * instead of the worker, and nothing could be kept.
 */
export function useSharedToInbox() {
  const [params, setParams] = useSearchParams();
  // A share opens the inbox as a new page: what it names is read once, as the page starts.
  const [arrived] = useState(() => params.get(INBOX_SHARE.param));
  const upload = useUploadToInbox();
  const paste = usePasteToInbox();
  const [receiving, setReceiving] = useState(arrived !== null && arrived !== 'unavailable');
  const taken = useRef(false);

  useEffect(() => {
    if (arrived === null || taken.current) return;
    taken.current = true;
    setParams(
      (current) => {
        current.delete(INBOX_SHARE.param);
        return current;
      },
      { replace: true },
    );
    if (arrived === 'unavailable') return;
    void (async () => {
      try {
        const shared = await takeShared(arrived);
        if (shared === undefined) return;
        // One at a time, as the upload button sends them; a refused one does not stop the rest
        // (its error shows).
        for (const file of shared.files) await upload.mutateAsync(file).catch(() => undefined);
        if (shared.files.length === 0 && shared.text !== '') {
          const text = shared.text.slice(0, INBOX_LIMITS.pastedCharacters);
          await paste.mutateAsync(text).catch(() => undefined);
        }
      } finally {
        setReceiving(false);
      }
    })();
    // Once, as the page starts; the mutations' and setter's identities do not matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    unavailable: arrived === 'unavailable',
    receiving,
    error: upload.error ?? paste.error,
  };
}
