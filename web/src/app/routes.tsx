import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { GoHome, RedirectIfAuthenticated, RequireAuth, RequirePermission, RequireRole } from '@/app/guards';
import { NotFoundRoute } from '@/app/routes/NotFoundRoute';
import { RouteError } from '@/app/routes/RouteError';
import { PublicLayout } from '@/app/shell/PublicLayout';
import { ShellLayout } from '@/app/shell/ShellLayout';
import { Skeleton } from '@/components/ui/Skeleton';
import { SUPERADMIN } from '@/lib/authorization';
import { importWithReload } from '@/lib/lazy-import';

/** A lazily loaded screen; a chunk that fails to load reloads the page once. */
function screen<Module>(importer: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  const load = importWithReload(importer);
  return async () => ({ Component: pick(await load()) });
}

/** The audit area of the application (decision 1401): one permission, three screens. */
function auditRoutes(): RouteObject[] {
  return [
    {
      element: <RequirePermission ability="view-audit" />,
      children: [
        { path: 'audit', lazy: screen(() => import('@/features/audit/routes/AuditLogRoute'), (m) => m.AuditLogRoute) },
        {
          path: 'audit/entities/:entityType/:entityId',
          lazy: screen(() => import('@/features/audit/routes/AuditEntityRoute'), (m) => m.AuditEntityRoute),
        },
        {
          path: 'audit/footprints/:correlationId',
          lazy: screen(() => import('@/features/audit/routes/AuditFootprintRoute'), (m) => m.AuditFootprintRoute),
        },
      ],
    },
  ];
}

/** Notifications and campaigns of the application area (spec §2: one permission per route). */
function campaignRoutes(): RouteObject[] {
  const notifications = () => import('@/features/notifications/routes/NotificationsListRoute');
  const notification = () => import('@/features/notifications/routes/NotificationFormRoute');
  const campaigns = () => import('@/features/campaigns/routes/CampaignsListRoute');
  const campaign = () => import('@/features/campaigns/routes/CampaignFormRoute');
  const guarded = (ability: string, path: string, lazy: RouteObject['lazy']): RouteObject => ({
    element: <RequirePermission ability={ability} />,
    children: [{ path, lazy }],
  });
  return [
    guarded('view-notifications', 'notifications', screen(notifications, (m) => m.NotificationsListRoute)),
    guarded('create-notifications', 'notifications/create', screen(notification, (m) => m.NotificationFormRoute)),
    guarded('edit-notification', 'notifications/:notification_id', screen(notification, (m) => m.NotificationFormRoute)),
    guarded('view-campaigns', 'campaigns', screen(campaigns, (m) => m.CampaignsListRoute)),
    guarded('create-campaigns', 'campaigns/create', screen(campaign, (m) => m.CampaignFormRoute)),
    guarded('edit-campaign', 'campaigns/:campaign_id', screen(campaign, (m) => m.CampaignFormRoute)),
  ];
}

/** Themed pages of the application area (decision 1640): view to read and preview, manage to change. */
function themedPageRoutes(): RouteObject[] {
  const list = () => import('@/features/themed-pages/routes/ThemedPagesListRoute');
  const form = () => import('@/features/themed-pages/routes/ThemedPageFormRoute');
  const preview = () => import('@/features/themed-pages/routes/ThemedPagePreviewRoute');
  return [
    {
      element: <RequirePermission ability="view-themed-pages" />,
      children: [
        { path: 'themed-pages', lazy: screen(list, (m) => m.ThemedPagesListRoute) },
        { path: 'themed-pages/:page_id/preview', lazy: screen(preview, (m) => m.ThemedPagePreviewRoute) },
      ],
    },
    {
      element: <RequirePermission ability="manage-themed-pages" />,
      children: [
        { path: 'themed-pages/create', lazy: screen(form, (m) => m.ThemedPageFormRoute) },
        { path: 'themed-pages/:page_id', lazy: screen(form, (m) => m.ThemedPageFormRoute) },
      ],
    },
  ];
}

/**
 * Categories, tags and labels (decision 0610): the same screens in the application's
 * area (its admins) and the superadmin's, each guarded by its permission.
 */
function taxonomyRoutes(): RouteObject[] {
  const categories = () => import('@/features/taxonomy/routes/CategoryRoutes');
  const tags = () => import('@/features/taxonomy/routes/TagRoutes');
  const labels = () => import('@/features/taxonomy/routes/LabelRoutes');
  return [
    {
      element: <RequirePermission ability="view-categories" />,
      children: [{ path: 'categories', lazy: screen(categories, (m) => m.CategoriesRoute) }],
    },
    {
      element: <RequirePermission ability="create-categories" />,
      children: [{ path: 'categories/create', lazy: screen(categories, (m) => m.CategoryFormRoute) }],
    },
    {
      element: <RequirePermission ability="manage-categories" />,
      children: [{ path: 'categories/:category_id', lazy: screen(categories, (m) => m.CategoryFormRoute) }],
    },
    {
      element: <RequirePermission ability="view-tags" />,
      children: [{ path: 'tags', lazy: screen(tags, (m) => m.TagsRoute) }],
    },
    {
      element: <RequirePermission ability="manage-tags" />,
      children: ['tags/create', 'tags/:tag_id'].map((path) => ({ path, lazy: screen(tags, (m) => m.TagFormRoute) })),
    },
    {
      element: <RequirePermission ability="view-labels" />,
      children: [{ path: 'labels', lazy: screen(labels, (m) => m.LabelsRoute) }],
    },
    {
      element: <RequirePermission ability="manage-labels" />,
      children: [
        ...['labels/create', 'labels/:label_id'].map((path) => ({ path, lazy: screen(labels, (m) => m.LabelFormRoute) })),
        { path: 'labels/:label_id/activity-filters', lazy: screen(labels, (m) => m.LabelFilterRoute) },
        { path: 'labels/:label_id/product-filters', lazy: screen(labels, (m) => m.LabelProductFilterRoute) },
        {
          path: 'labels/:label_id/organization-filters',
          lazy: screen(
            () => import('@/features/taxonomy/routes/LabelOrganizationFilterRoute'),
            (m) => m.LabelOrganizationFilterRoute,
          ),
        },
      ],
    },
  ];
}

/**
 * The wallet screens of the superadmin's and the application's area. The application's
 * opens a wallet on its statistics (spec §2, decision 1503), Settings at `…/settings`.
 */
function walletRoutes(area: 'admin' | 'application'): RouteObject[] {
  const settings = screen(() => import('@/features/wallets/routes/WalletSettingsRoute'), (m) => m.WalletSettingsRoute);
  const statistics = screen(() => import('@/features/wallets/routes/WalletStatisticsRoute'), (m) => m.WalletStatisticsRoute);
  const first: RouteObject[] =
    area === 'application'
      ? [
          { index: true, lazy: statistics },
          { path: 'settings', lazy: settings },
          { path: 'statistics', element: <Navigate to=".." relative="path" replace /> },
        ]
      : [
          { index: true, lazy: settings },
          { path: 'statistics', lazy: statistics },
        ];
  return [
    {
      path: 'wallets',
      lazy: screen(() => import('@/features/wallets/routes/WalletsListRoute'), (m) => m.WalletsListRoute),
    },
    {
      path: 'wallets/:wallet_id',
      lazy: screen(() => import('@/features/wallets/routes/WalletLayoutRoute'), (m) => m.WalletLayoutRoute),
      children: [
        ...first,
        {
          path: 'coupons',
          lazy: screen(() => import('@/features/wallets/routes/WalletCouponsRoute'), (m) => m.WalletCouponsRoute),
        },
        {
          path: 'coupons/redeemed',
          lazy: screen(() => import('@/features/wallets/routes/WalletRedeemedRoute'), (m) => m.WalletRedeemedRoute),
        },
        {
          path: 'customers',
          lazy: screen(() => import('@/features/wallets/routes/WalletCustomersRoute'), (m) => m.WalletCustomersRoute),
        },
      ],
    },
  ];
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // A deep link's lazy screen loads before the first render: show a page skeleton meanwhile.
    hydrateFallbackElement: (
      <main className="page">
        <Skeleton lines={4} />
      </main>
    ),
    children: [
      { path: '/', element: <GoHome /> },
      { path: '/logout', lazy: screen(() => import('@/features/auth/routes/LogoutRoute'), (m) => m.LogoutRoute) },
      {
        element: <PublicLayout />,
        children: [
          {
            element: <RedirectIfAuthenticated />,
            children: [
              { path: '/login', lazy: screen(() => import('@/features/auth/routes/LoginRoute'), (m) => m.LoginRoute) },
              {
                path: '/forgot-password',
                lazy: screen(() => import('@/features/auth/routes/ForgotPasswordRoute'), (m) => m.ForgotPasswordRoute),
              },
              {
                path: '/forgot-password/reset',
                lazy: screen(() => import('@/features/auth/routes/ResetPasswordRoute'), (m) => m.ResetPasswordRoute),
              },
            ],
          },
          {
            path: '/invite/register',
            lazy: screen(() => import('@/features/auth/routes/InviteRegisterRoute'), (m) => m.InviteRegisterRoute),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <ShellLayout />,
            children: [
              {
                path: '/application',
                children: [
                  {
                    element: <RequirePermission ability="view-application" />,
                    children: [
                      {
                        index: true,
                        lazy: screen(
                          () => import('@/features/dashboard/routes/ApplicationOverviewRoute'),
                          (m) => m.ApplicationOverviewRoute,
                        ),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="view-organizations" />,
                    children: [
                      {
                        path: 'organizations/management',
                        lazy: screen(
                          () => import('@/features/organizations/routes/OrganizationsManagementRoute'),
                          (m) => m.OrganizationsManagementRoute,
                        ),
                      },
                      {
                        path: 'organizations/review',
                        lazy: screen(
                          () => import('@/features/organizations/routes/OrganizationsReviewRoute'),
                          (m) => m.OrganizationsReviewRoute,
                        ),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="create-organizations" />,
                    children: [
                      {
                        path: 'organizations/management/create',
                        lazy: screen(
                          () => import('@/features/organizations/routes/OrganizationCreateRoute'),
                          (m) => m.OrganizationCreateRoute,
                        ),
                      },
                      {
                        path: 'organizations/management/import',
                        lazy: screen(
                          () => import('@/features/organizations/routes/OrganizationsImportRoute'),
                          (m) => m.OrganizationsImportRoute,
                        ),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="view-wallets" />,
                    children: [
                      {
                        element: <RequirePermission ability="manage-wallets" />,
                        children: [
                          {
                            path: 'wallets/create',
                            lazy: screen(() => import('@/features/wallets/routes/WalletCreateRoute'), (m) => m.WalletCreateRoute),
                          },
                        ],
                      },
                      ...walletRoutes('application'),
                    ],
                  },
                  ...taxonomyRoutes(),
                  {
                    element: <RequirePermission ability="view-activities" />,
                    children: [
                      {
                        path: 'activities',
                        lazy: screen(
                          () => import('@/features/activities/routes/ActivitiesListRoute'),
                          (m) => m.ApplicationActivitiesRoute,
                        ),
                      },
                      {
                        path: 'activities/sessions',
                        lazy: screen(
                          () => import('@/features/activities/routes/ApplicationSessionsRoute'),
                          (m) => m.ApplicationSessionsRoute,
                        ),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="view-products" />,
                    children: [
                      {
                        path: 'products',
                        lazy: screen(() => import('@/features/products/routes/ProductsListRoute'), (m) => m.ApplicationProductsRoute),
                      },
                    ],
                  },
                  {
                    // App builds: role superadmin only (spec §2; decision 1200).
                    element: <RequireRole role={SUPERADMIN} />,
                    children: [
                      {
                        path: 'builds',
                        lazy: screen(() => import('@/features/app-builds/routes/StoreSettingsRoute'), (m) => m.StoreSettingsRoute),
                      },
                      {
                        path: 'builds/overview',
                        lazy: screen(() => import('@/features/app-builds/routes/BuildsOverviewRoute'), (m) => m.BuildsOverviewRoute),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="view-application-orders" />,
                    children: [
                      {
                        path: 'orders',
                        lazy: screen(() => import('@/features/orders/routes/OrdersListRoute'), (m) => m.OrdersListRoute),
                      },
                      {
                        // A customer's page: the support line's (decision 1710).
                        path: 'customers/:customerId',
                        lazy: screen(() => import('@/features/orders/routes/CustomerRoute'), (m) => m.CustomerRoute),
                      },
                    ],
                  },
                  ...campaignRoutes(),
                  ...themedPageRoutes(),
                  ...auditRoutes(),
                  {
                    // Member invites for the application's admins (decision 1501).
                    element: <RequirePermission ability="manage-invites" />,
                    children: [
                      {
                        path: 'invites',
                        lazy: screen(() => import('@/features/applications/routes/ApplicationInvitesRoute'), (m) => m.MemberInvitesRoute),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="view-locations" />,
                    children: [
                      {
                        path: 'locations',
                        lazy: screen(() => import('@/features/locations/routes/LocationsRoute'), (m) => m.LocationsRoute),
                      },
                      {
                        // Read-only without edit-location (web-090).
                        path: 'locations/:location_id/update',
                        lazy: screen(() => import('@/features/locations/routes/LocationFormRoute'), (m) => m.LocationFormRoute),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="edit-organization" />,
                    children: [
                      {
                        path: 'organizations/management/:organization_id',
                        lazy: screen(
                          () => import('@/features/organizations/routes/OrganizationEditRoute'),
                          (m) => m.OrganizationEditRoute,
                        ),
                      },
                    ],
                  },
                ],
              },
              {
                path: '/organizations/:organizationId/activities',
                element: <RequirePermission ability="view-activities" />,
                children: [
                  {
                    index: true,
                    lazy: screen(() => import('@/features/activities/routes/ActivitiesListRoute'), (m) => m.ActivitiesListRoute),
                  },
                  {
                    path: 'create',
                    element: <RequirePermission ability="create-activities" />,
                    children: [
                      {
                        index: true,
                        lazy: screen(() => import('@/features/activities/routes/ActivityCreateRoute'), (m) => m.ActivityCreateRoute),
                      },
                    ],
                  },
                  {
                    path: ':activityId',
                    lazy: screen(() => import('@/features/activities/routes/ActivityLayoutRoute'), (m) => m.ActivityLayoutRoute),
                    children: [
                      {
                        index: true,
                        lazy: screen(() => import('@/features/activities/routes/ActivityDetailsRoute'), (m) => m.ActivityDetailsRoute),
                      },
                      {
                        path: 'location',
                        lazy: screen(() => import('@/features/activities/routes/ActivitySubPages'), (m) => m.ActivityLocationRoute),
                      },
                      {
                        path: 'sessions',
                        lazy: screen(() => import('@/features/activities/routes/ActivitySessionsRoute'), (m) => m.ActivitySessionsRoute),
                      },
                      {
                        path: 'sessions/:sessionId',
                        lazy: screen(() => import('@/features/activities/routes/ActivitySessionRoute'), (m) => m.ActivitySessionRoute),
                      },
                      {
                        path: 'sessions/:sessionId/qr-checkin',
                        lazy: screen(() => import('@/features/activities/routes/QrCheckInRoute'), (m) => m.QrCheckInRoute),
                      },
                      {
                        path: 'questions',
                        lazy: screen(() => import('@/features/activities/routes/ActivitySubPages'), (m) => m.ActivityQuestionsRoute),
                      },
                      {
                        path: 'settings',
                        lazy: screen(() => import('@/features/activities/routes/ActivitySubPages'), (m) => m.ActivitySettingsRoute),
                      },
                      {
                        path: 'labels',
                        lazy: screen(() => import('@/features/activities/routes/ActivitySubPages'), (m) => m.ActivityLabelsRoute),
                      },
                      {
                        path: 'bundles',
                        lazy: screen(() => import('@/features/activities/routes/ActivitySubPages'), (m) => m.ActivityBundlesRoute),
                      },
                      {
                        path: 'bundles/:bundleId',
                        lazy: screen(() => import('@/features/activities/routes/BundleRoute'), (m) => m.BundleRoute),
                      },
                      // The bundle page's parts by their own address (spec §2; the page is their frame).
                      ...(
                        [
                          ['sessions', 'BundleSessionsRoute'],
                          ['sessions/:sessionId', 'BundleSessionsRoute'],
                          ['participants', 'BundleParticipantsRoute'],
                          ['waitlist', 'BundleWaitlistRoute'],
                        ] as const
                      ).map(([part, name]) => ({
                        path: `bundles/:bundleId/${part}`,
                        lazy: screen(() => import('@/features/activities/routes/BundleRoute'), (m) => m[name]),
                      })),
                      {
                        path: 'bundles/:bundleId/qr-checkin',
                        lazy: screen(() => import('@/features/activities/routes/BundleRoute'), (m) => m.BundleQrCheckInRoute),
                      },
                    ],
                  },
                ],
              },
              {
                path: '/organizations/:organizationId/door',
                element: <RequirePermission ability="check-in-participants" />,
                children: [{ index: true, lazy: screen(() => import('@/features/activities/routes/DoorRoute'), (m) => m.DoorRoute) }],
              },
              {
                path: '/organizations/:organizationId/products',
                element: <RequirePermission ability="view-products" />,
                children: [
                  {
                    index: true,
                    lazy: screen(() => import('@/features/products/routes/ProductsListRoute'), (m) => m.ProductsListRoute),
                  },
                  {
                    path: 'create',
                    element: <RequirePermission ability="create-products" />,
                    children: [
                      {
                        index: true,
                        lazy: screen(() => import('@/features/products/routes/ProductCreateRoute'), (m) => m.ProductCreateRoute),
                      },
                    ],
                  },
                  {
                    path: ':productId',
                    element: <RequirePermission ability="view-product" />,
                    children: [
                      {
                        lazy: screen(() => import('@/features/products/routes/ProductLayoutRoute'), (m) => m.ProductLayoutRoute),
                        children: [
                          {
                            index: true,
                            lazy: screen(() => import('@/features/products/routes/ProductDetailsRoute'), (m) => m.ProductDetailsRoute),
                          },
                          {
                            path: 'location',
                            lazy: screen(() => import('@/features/products/routes/ProductSubPages'), (m) => m.ProductLocationRoute),
                          },
                          {
                            path: 'questions',
                            lazy: screen(() => import('@/features/products/routes/ProductSubPages'), (m) => m.ProductQuestionsRoute),
                          },
                          {
                            path: 'labels',
                            lazy: screen(() => import('@/features/products/routes/ProductSubPages'), (m) => m.ProductLabelsRoute),
                          },
                          {
                            path: 'purchases',
                            lazy: screen(() => import('@/features/products/routes/ProductSubPages'), (m) => m.ProductPurchasesRoute),
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
              {
                path: '/organizations/:organization_id/profile',
                element: <RequirePermission ability="edit-organization" />,
                children: [
                  {
                    index: true,
                    lazy: screen(
                      () => import('@/features/organizations/routes/OrganizationProfileRoute'),
                      (m) => m.OrganizationProfileRoute,
                    ),
                  },
                ],
              },
              // Before the offer's '/organizations/:organization_id' (no index of its own): the
              // organisation's home itself.
              {
                path: '/organizations/:organizationId',
                lazy: screen(
                  () => import('@/features/dashboard/routes/OrganizationDashboardRoute'),
                  (m) => m.OrganizationDashboardRoute,
                ),
              },
              {
                path: '/organizations/:organization_id',
                children: [
                  {
                    element: <RequirePermission ability="view-organization" />,
                    children: [
                      {
                        path: 'finances',
                        lazy: screen(
                          () => import('@/features/finances/routes/OrganizationFinancesRoute'),
                          (m) => m.OrganizationFinancesRoute,
                        ),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="view-rates" />,
                    children: [
                      { path: 'rates', lazy: screen(() => import('@/features/rates/routes/RatesRoute'), (m) => m.RatesRoute) },
                      {
                        // Read-only without manage-rates (decision 1760).
                        path: 'rates/:rate_id',
                        lazy: screen(() => import('@/features/rates/routes/RateFormRoute'), (m) => m.RateFormRoute),
                      },
                      {
                        // Read-only without manage-rates (web-090).
                        path: 'cancellation-terms/:term_id',
                        lazy: screen(() => import('@/features/rates/routes/TermFormRoute'), (m) => m.TermFormRoute),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="view-locations" />,
                    children: [
                      {
                        path: 'locations',
                        lazy: screen(() => import('@/features/locations/routes/LocationsRoute'), (m) => m.LocationsRoute),
                      },
                      {
                        // Read-only without edit-location (web-090).
                        path: 'locations/:location_id/update',
                        lazy: screen(() => import('@/features/locations/routes/LocationFormRoute'), (m) => m.LocationFormRoute),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="create-locations" />,
                    children: [
                      {
                        path: 'locations/create',
                        lazy: screen(() => import('@/features/locations/routes/LocationFormRoute'), (m) => m.LocationFormRoute),
                      },
                    ],
                  },
                  {
                    // Closures (decision 1660): the list for whoever sees the offer, planning for who edits it.
                    element: <RequirePermission ability="view-activities" />,
                    children: [
                      {
                        path: 'closures',
                        lazy: screen(() => import('@/features/closures/routes/ClosuresRoute'), (m) => m.ClosuresRoute),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="edit-activity" />,
                    children: [
                      {
                        path: 'closures/plan',
                        lazy: screen(() => import('@/features/closures/routes/ClosurePlanRoute'), (m) => m.ClosurePlanRoute),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="view-contacts" />,
                    children: [
                      {
                        path: 'contacts',
                        lazy: screen(() => import('@/features/contacts/routes/ContactsRoute'), (m) => m.ContactsRoute),
                      },
                      {
                        // Read-only without manage-contacts (web-090).
                        path: 'contacts/:contact_id',
                        lazy: screen(() => import('@/features/contacts/routes/ContactFormRoute'), (m) => m.ContactFormRoute),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="manage-contacts" />,
                    children: [
                      {
                        path: 'contacts/create',
                        lazy: screen(() => import('@/features/contacts/routes/ContactFormRoute'), (m) => m.ContactFormRoute),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission ability="manage-rates" />,
                    children: [
                      {
                        path: 'rates/create',
                        lazy: screen(() => import('@/features/rates/routes/RateFormRoute'), (m) => m.RateFormRoute),
                      },
                      {
                        path: 'cancellation-terms/create',
                        lazy: screen(() => import('@/features/rates/routes/TermFormRoute'), (m) => m.TermFormRoute),
                      },
                    ],
                  },
                ],
              },
              {
                // The spec spells these two with "applications" (§2); they belong to the application area.
                path: '/applications/builds',
                element: <RequireRole role={SUPERADMIN} />,
                children: [
                  { index: true, element: <Navigate to="/application/builds/overview" replace /> },
                  {
                    path: 'build-ios',
                    lazy: screen(() => import('@/features/app-builds/routes/BuildPlatformRoute'), (m) => m.BuildIosRoute),
                  },
                  {
                    path: 'build-android',
                    lazy: screen(() => import('@/features/app-builds/routes/BuildPlatformRoute'), (m) => m.BuildAndroidRoute),
                  },
                ],
              },
              {
                path: '/why-denied',
                lazy: screen(() => import('@/features/permissions/routes/WhyDeniedRoute'), (m) => m.WhyDeniedRoute),
              },
              {
                path: '/no-access',
                lazy: screen(() => import('@/features/dashboard/routes/NoAccessRoute'), (m) => m.NoAccessRoute),
              },
              {
                path: '/admin',
                element: <RequireRole role={SUPERADMIN} />,
                children: [
                  { index: true, element: <Navigate to="/admin/applications" replace /> },
                  {
                    path: 'permissions',
                    lazy: screen(() => import('@/features/permissions/routes/PermissionMatrixRoute'), (m) => m.PermissionMatrixRoute),
                  },
                  {
                    path: 'permissions/why-denied',
                    lazy: screen(() => import('@/features/permissions/routes/WhyDeniedRoute'), (m) => m.AdminWhyDeniedRoute),
                  },
                  {
                    path: 'applications',
                    lazy: screen(
                      () => import('@/features/applications/routes/ApplicationsListRoute'),
                      (m) => m.ApplicationsListRoute,
                    ),
                  },
                  {
                    path: 'applications/create',
                    lazy: screen(
                      () => import('@/features/applications/routes/ApplicationCreateRoute'),
                      (m) => m.ApplicationCreateRoute,
                    ),
                  },
                  {
                    path: 'applications/:application_id',
                    lazy: screen(
                      () => import('@/features/applications/routes/ApplicationEditRoute'),
                      (m) => m.ApplicationEditRoute,
                    ),
                  },
                  {
                    // Spelled so in the spec.
                    path: 'applications/:application_id/mapbox-settigns',
                    lazy: screen(
                      () => import('@/features/applications/routes/ApplicationMapboxRoute'),
                      (m) => m.ApplicationMapboxRoute,
                    ),
                  },
                  {
                    path: 'applications/:application_id/filters',
                    lazy: screen(
                      () => import('@/features/applications/routes/ApplicationFiltersRoute'),
                      (m) => m.ApplicationFiltersRoute,
                    ),
                  },
                  {
                    path: 'applications/:application_id/invites',
                    lazy: screen(
                      () => import('@/features/applications/routes/ApplicationInvitesRoute'),
                      (m) => m.ApplicationInvitesRoute,
                    ),
                  },
                  {
                    path: 'wallets/create',
                    lazy: screen(() => import('@/features/wallets/routes/WalletCreateRoute'), (m) => m.WalletCreateRoute),
                  },
                  ...walletRoutes('admin'),
                  ...taxonomyRoutes(),
                  {
                    path: 'orders',
                    lazy: screen(() => import('@/features/orders/routes/OrdersListRoute'), (m) => m.OrdersListRoute),
                  },
                  {
                    path: 'sepas',
                    lazy: screen(() => import('@/features/finances/routes/SepasRoute'), (m) => m.SepasRoute),
                  },
                  {
                    path: 'invoices',
                    lazy: screen(() => import('@/features/finances/routes/InvoicesRoute'), (m) => m.InvoicesRoute),
                  },
                  {
                    path: 'operations',
                    lazy: screen(() => import('@/features/operations/routes/OperationsRoute'), (m) => m.OperationsRoute),
                  },
                  {
                    path: 'sports',
                    lazy: screen(() => import('@/features/sports/routes/SportsListRoute'), (m) => m.SportsListRoute),
                  },
                  {
                    path: 'sports/create',
                    lazy: screen(() => import('@/features/sports/routes/SportCreateRoute'), (m) => m.SportCreateRoute),
                  },
                  {
                    path: 'sports/:sportId',
                    lazy: screen(() => import('@/features/sports/routes/SportEditRoute'), (m) => m.SportEditRoute),
                  },
                  {
                    path: 'location-types',
                    lazy: screen(
                      () => import('@/features/location-types/routes/LocationTypesListRoute'),
                      (m) => m.LocationTypesListRoute,
                    ),
                  },
                  {
                    path: 'location-types/create',
                    lazy: screen(
                      () => import('@/features/location-types/routes/LocationTypeCreateRoute'),
                      (m) => m.LocationTypeCreateRoute,
                    ),
                  },
                  {
                    path: 'location-types/:typeId',
                    lazy: screen(
                      () => import('@/features/location-types/routes/LocationTypeEditRoute'),
                      (m) => m.LocationTypeEditRoute,
                    ),
                  },
                  {
                    path: 'product-types',
                    lazy: screen(
                      () => import('@/features/product-types/routes/ProductTypesListRoute'),
                      (m) => m.ProductTypesListRoute,
                    ),
                  },
                  {
                    path: 'product-types/create',
                    lazy: screen(
                      () => import('@/features/product-types/routes/ProductTypeCreateRoute'),
                      (m) => m.ProductTypeCreateRoute,
                    ),
                  },
                  {
                    path: 'product-types/:typeId',
                    lazy: screen(
                      () => import('@/features/product-types/routes/ProductTypeEditRoute'),
                      (m) => m.ProductTypeEditRoute,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
