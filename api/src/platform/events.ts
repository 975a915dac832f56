/**
 * Domain events: how one module reacts to a change in another without importing it (decision 0051).
 * A module raises an event inside the transaction of its change (`events.raise(trx, event)`); the
 * composition root (api/src/services.ts) subscribes the other modules' reactions (`events.on`).
 * Reactions run in that same transaction, in the order they were subscribed: one that throws rolls
 * the change back with it. Work that must wait for the commit (a live-update notice) is returned by a
 * reaction and handed back to the raiser by `raise` to run once the transaction has committed.
 */
import type { Kysely } from 'kysely';
import type { Database, OrderRow } from './db/types.js';

/** The events, by type: what each says happened and the data a reaction needs. */
export interface DomainEventMap {
  /**
   * A user's e-mail address is verified: by a code, a confirmed e-mail change, a provider that
   * vouches for it, an administrator, or found verified again at a sign-in (REQ-CLAIM).
   */
  emailVerified: { userId: string };
  /** A user's password or e-mail address changed, or the password was reset (PAYOUT-COOLDOWN). */
  signInDetailsChanged: { userId: string };
  /**
   * A user (or an administrator) asked to delete the account, before any confirmation: a reaction
   * throws to refuse it (LEDGER-DELETION: not while money is in payout). Raised outside a transaction.
   */
  userDeletionRequested: { userId: string };
  /** A user is being deleted, in the deletion's transaction (LEDGER-DELETION: their book stays, anonymised). */
  userDeleted: { userId: string };
  /** A request's status changed by `actorId` (LEDGER-COMMISSION, LEDGER-REFUND). */
  requestStatusChanged: { before: OrderRow; after: OrderRow; actorId: string };
}

export type DomainEventType = keyof DomainEventMap;
export type DomainEvent<T extends DomainEventType = DomainEventType> = { [K in T]: { type: K } & DomainEventMap[K] }[T];

/** The executor a reaction runs on: the raiser's transaction (or the database, for events raised outside one). */
export type EventExecutor = Kysely<Database>;

/** Work a reaction leaves for after the commit. */
export type AfterCommit = () => void;

/** A reaction: runs in the raiser's transaction; may return work for after the commit. */
export type Reaction<T extends DomainEventType> = (executor: EventExecutor, event: DomainEvent<T>) => Promise<AfterCommit | void>;

/** The bus modules raise events on; only the composition root subscribes. */
export interface DomainEvents {
  /**
   * Runs every reaction to `event` on `executor`, in subscription order.
   * @returns a function that runs the reactions' after-commit work; call it once the transaction committed.
   * @throws whatever a reaction throws (the raiser's transaction then rolls back).
   */
  raise<T extends DomainEventType>(executor: EventExecutor, event: DomainEvent<T>): Promise<AfterCommit>;
}

/** The bus with its subscription side, built once by the composition root. */
export class DomainEventBus implements DomainEvents {
  private readonly reactions = new Map<DomainEventType, Reaction<any>[]>();

  /** Subscribes `reaction` to events of `type`. */
  on<T extends DomainEventType>(type: T, reaction: Reaction<T>): void {
    const list = this.reactions.get(type) ?? [];
    list.push(reaction);
    this.reactions.set(type, list);
  }

  async raise<T extends DomainEventType>(executor: EventExecutor, event: DomainEvent<T>): Promise<AfterCommit> {
    const after: AfterCommit[] = [];
    for (const reaction of this.reactions.get(event.type) ?? []) {
      const work = await reaction(executor, event);
      if (work) after.push(work);
    }
    return () => {
      for (const work of after) work();
    };
  }
}
