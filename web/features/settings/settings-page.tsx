import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { ATTENDANT_AREA, OWNER_AREA } from '../../../core/roles';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { OwnerApplicationCard } from '../owner-application/owner-application-card';
import { NotificationSwitchesTab, PreferencesTab } from './preferences-tabs';
import { PrivacyTab } from './privacy-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';
import { SignOutEverywhere } from './sign-out-everywhere';
import { VehiclesTab } from './vehicles-tab';
import { useAuth } from '../../lib/session';
import { SitePageLinks } from '../site/site-chrome';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'vehicles', label: 'Vehicles' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'preferences', label: 'Preferences' },
  { value: 'privacy', label: 'Privacy' },
  { value: 'security', label: 'Security' },
];
/** Owners' and attendants' systems call the API with keys (docs/api.md); each tab's screen loads when it is opened. */
const API_KEYS_TAB = { value: 'api-keys', label: 'API keys' };
const ApiKeysTab = lazy(() => import('./api-keys-tab'));
/** Owners also hear of their lots' events through webhooks. */
const WEBHOOKS_TAB = { value: 'webhooks', label: 'Webhooks' };
const WebhooksTab = lazy(() => import('./webhooks-tab'));

const route = getRouteApi('/_auth/settings');

/** Six tabs (then API keys for owners and attendants, and Webhooks for owners), Profile first, each control saved on the server to follow the user; below, the owner application, sign-out everywhere and the links to the public pages (the Terms, the Privacy Policy). */
export function SettingsPage() {
  const { user } = useAuth();
  const { tab } = route.useSearch();
  if (!user) return null;
  const tabs = [
    ...TABS,
    ...(ATTENDANT_AREA.includes(user.role) ? [API_KEYS_TAB] : []),
    ...(OWNER_AREA.includes(user.role) ? [WEBHOOKS_TAB] : []),
  ];
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Settings</h1>
      <Tabs defaultValue={tabs.some((t) => t.value === tab) ? tab : 'profile'}>
        <TabList label="Settings" tabs={tabs} />
        <Card>
          <TabPanel value="profile">
            <ProfileTab user={user} />
          </TabPanel>
          <TabPanel value="vehicles">
            <VehiclesTab />
          </TabPanel>
          <TabPanel value="notifications">
            <NotificationSwitchesTab />
          </TabPanel>
          <TabPanel value="preferences">
            <PreferencesTab />
          </TabPanel>
          <TabPanel value="privacy">
            <PrivacyTab />
          </TabPanel>
          <TabPanel value="security">
            <SecurityTab />
          </TabPanel>
          {tabs.includes(API_KEYS_TAB) && (
            <TabPanel value="api-keys">
              <Suspense fallback={<Spinner label="Loading API keys" />}>
                <ApiKeysTab role={user.role} />
              </Suspense>
            </TabPanel>
          )}
          {tabs.includes(WEBHOOKS_TAB) && (
            <TabPanel value="webhooks">
              <Suspense fallback={<Spinner label="Loading webhooks" />}>
                <WebhooksTab />
              </Suspense>
            </TabPanel>
          )}
        </Card>
      </Tabs>
      <OwnerApplicationCard />
      <SignOutEverywhere />
      <nav aria-label="About Parkada" className="mt-8 border-t border-border pt-4 text-sm text-muted-foreground">
        <SitePageLinks className="flex flex-wrap gap-x-4 gap-y-2" />
      </nav>
    </main>
  );
}
