/**
 * The optimistic-concurrency half of the admin texts editors (ADMIN-CONCURRENCY): keeps the
 * `version` the editor loaded, sends it with every change, takes the new one from each answer (so a
 * second save of the same editor is not refused), and reads a failure as an `EditorFailure`
 * (`VERSION_CONFLICT` → "changed since you opened it"). One action runs at a time.
 */
import { useCallback, useRef, useState } from 'react';
import type { MutationParameters } from 'relay-runtime';
import type { MutationResult } from '../../../forms/runMutation';
import type { GraphQLErrorLike } from '../../../forms/serverErrors';
import type { EditorFailure } from './editorErrors';

export interface VersionedSave {
  /** The version the next change sends (the loaded one, then each answer's). */
  version: () => number;
  pending: boolean;
  failure: EditorFailure | null;
  setFailure: (failure: EditorFailure | null) => void;
  /**
   * Runs `perform(version)`; on success keeps `nextVersion(response)` (when not null) and answers the
   * response; on failure shows `readFailure(errors)` and answers null.
   */
  run: <T extends MutationParameters>(
    perform: (version: number) => Promise<MutationResult<T>>,
    nextVersion: (response: T['response']) => number | null,
    readFailure: (errors: readonly GraphQLErrorLike[]) => EditorFailure,
  ) => Promise<T['response'] | null>;
}

export function useVersionedSave(loadedVersion: number): VersionedSave {
  const versionRef = useRef(loadedVersion);
  const busyRef = useRef(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<EditorFailure | null>(null);
  const run = useCallback<VersionedSave['run']>(async (perform, nextVersion, readFailure) => {
    if (busyRef.current) return null;
    busyRef.current = true;
    setPending(true);
    setFailure(null);
    try {
      const result = await perform(versionRef.current);
      if (!result.response) {
        setFailure(readFailure(result.errors));
        return null;
      }
      const next = nextVersion(result.response);
      if (next !== null) versionRef.current = next;
      return result.response;
    } finally {
      busyRef.current = false;
      setPending(false);
    }
  }, []);
  return { version: () => versionRef.current, pending, failure, setFailure, run };
}
