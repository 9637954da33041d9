import { getRouteApi } from '@tanstack/react-router';
import { Card } from '../../components/ui/card';
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

const route = getRouteApi('/_auth/settings');

/** Six tabs, Profile first, each control saved on the server to follow the user; below, the owner application, sign-out everywhere and the links to the public pages (the Terms, the Privacy Policy). */
export function SettingsPage() {
  const { user } = useAuth();
  const { tab } = route.useSearch();
  if (!user) return null;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Settings</h1>
      <Tabs defaultValue={TABS.some((t) => t.value === tab) ? tab : 'profile'}>
        <TabList label="Settings" tabs={TABS} />
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
