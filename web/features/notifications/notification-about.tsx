import { Link } from '@tanstack/react-router';
import { notificationLink, notificationPlace, type NotificationMetadata } from '../../../core/notifications';

const LINK_CLASS = 'text-sm font-medium text-brand underline';

/**
 * What a notification is about: its lot, slot and time, a link to its object (none once the object
 * is gone: the list drops its id), and the ask to rate a stay.
 */
export function NotificationAbout({ metadata }: { metadata?: NotificationMetadata }) {
  const place = notificationPlace(metadata);
  const link = notificationLink(metadata);
  return (
    <>
      {place && <p className="mt-1 text-xs text-muted-foreground">{place}</p>}
      {(link || metadata?.reviewReservationId) && (
        <div className="mt-1 flex flex-wrap gap-x-4">
          {link && (
            <Link {...link} className={LINK_CLASS}>
              {link.label}
            </Link>
          )}
          {metadata?.reviewReservationId && (
            <Link to="/reservation/$id" params={{ id: metadata.reviewReservationId }} search={{ action: 'review' }} className={LINK_CLASS}>
              Rate your stay
            </Link>
          )}
        </div>
      )}
    </>
  );
}
