/**
 * What resources and features add to the frame's top bar: the app's (App.tsx) and «Escanear»'s opened on a
 * phone (LightApp.tsx) alike.
 */
import type { FrameParts } from './layout/frame';
import { AnnouncementsBell } from './resources/announcements/AnnouncementsBell';
import { OrdersToReviewBanner } from './resources/orders/ReviewBanner';
import { CheckInButton } from './features/timeRecords/CheckInButton';

export const barParts: Omit<FrameParts, 'routes'> = {
  banners: [OrdersToReviewBanner],
  // The check-in first: it arrives with its answer, and on the left it moves none of the buttons already there.
  barButtons: [CheckInButton, AnnouncementsBell],
};
