// Package commands is every use case that changes something: authorised and
// validated at the edge, decided by a domain aggregate, appended with the version it
// was decided on. This file is the table of contents.
package commands

import (
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/domain"
	"move/eventstore"
	"move/personal"
)

// App holds every use case. Each is a method in a file named for it:
//
// Platform catalogue (sports, location types, product types):
//   - CreateCatalogItem, UpdateCatalogItem, DeleteCatalogItem (catalog_items.go)
//
// Identity, tenants and permissions:
//   - CreateApplication: every setting, slug reserved (create_application.go)
//   - UpdateApplication, SetApplicationMap (update_application.go)
//   - RegisterUser, EraseUser (register_user.go), RecordPasswordChange (change_password.go)
//   - GrantRole, RevokeRole (grant_role.go)
//   - SendInvite, AcceptInvite (send_invite.go)
//   - GrantPermission, RevokePermission, SeedDefaultPermissions (grant_permission.go)
//   - RecordLogin, RecordLoginFailure, RecordTokensRevoked: audit facts (record_login.go)
//
// Personal data (every context):
//   - ErasePersonalData: a subject's key deleted, personal_data.erased.v1 recorded
//     (erase_personal_data.go)
//
// Organisations:
//   - CreateOrganization, UpdateOrganization, DeleteOrganization (create_, update_,
//     delete_organization.go)
//   - ApproveOrganization, RejectOrganization (approve_, reject_organization.go)
//   - RotateOrganizationSecret, SetOrganizationFinance (rotate_organization_secret.go,
//     set_organization_finance.go)
//   - ImportOrganizations: a CSV, all rows or none (import_organizations.go)
//
// Wallets and coupons:
//   - CreateWallet, UpdateWallet: slug reserved per application (wallets.go)
//   - GenerateCoupons, IssueCoupons: a batch, issued in resumable chunks
//     (generate_coupons.go)
//   - RedeemCoupon, then CreditRedemption: exactly once each; SetCouponEnabled,
//     SetBatchEnabled (redeem_coupon.go)
//
// Bookings (a session's own stream, decision 0800):
//   - BookSession, ConfirmBooking, CancelBooking, RemoveParticipant, MoveParticipant,
//     MarkAttendance, CheckIn, PromoteWaiting (bookings.go)
//
// Orders, payments and refunds (decision 0900):
//   - PlaceOrder, SyncOrder (the provider's side, for webhook, request and process),
//     RefundOrder; a cancellation refunds through the same decision (orders.go)
//
// Finance (payouts, SEPA, invoices; decisions 0920–0924):
//   - GenerateSepaBatch, CloseInvoiceMonth, CreditInvoice (finance.go)
//
// Campaigns and notifications (decisions 1100, 1101):
//   - CreateCampaign, UpdateCampaign, DeleteCampaign (campaigns.go)
//   - ScheduleNotification, UpdateNotification, CancelNotification, SendNotification
//     (pushed, then recorded: at least once, never after the record) (notifications.go)
//
// App builds (decisions 1200, 1201):
//   - SaveAppStoreSettings, ConfigureAppPlatform, RequestAppBuild, then SyncAppBuild
//     (the build service's side, for the request and the build process) (app_builds.go)
//
// Themed pages (decision 1640):
//   - CreateThemedPage, UpdateThemedPage, PublishThemedPage, DeleteThemedPage,
//     OrderThemedPages (themed_pages.go)
type App struct {
	run *runner
	// afterRedeem runs between a coupon's redemption and its credit: the failpoint a
	// crash test stops the process at (AfterRedeem).
	afterRedeem func()
	// afterSpotFreed runs between a cancellation and the promotion from the waiting
	// list (AfterSpotFreed).
	afterSpotFreed func()
	bookings       bookingLocks
	// sessions, bundles and products are the single writers of busy streams: their
	// bookings and purchases decided in batches (decision 1340, writer.go).
	sessions streamWriter[*sessionState]
	bundles  streamWriter[*bundleState]
	products streamWriter[*productState]
	// orders serialise the refunds of one order inside this process (as bookings do a
	// session's bookings); the order stream's version decides across servers.
	orders bookingLocks
	pay    PaymentSetup
	// afterProviderPaid runs between the provider's "paid" and the order's update
	// (AfterProviderPaid).
	afterProviderPaid func()
	// afterPushed runs between a notification's pushes and their record (AfterPushed).
	afterPushed func()
	builds      BuildSetup
	// afterBuildSubmitted runs between the build service's acceptance of a build and
	// its record (AfterBuildSubmitted).
	afterBuildSubmitted func()
}

// AfterRedeem sets the failpoint between a redemption and its credit. Only the crash
// test sets it (cmd/move, MOVE_FAILPOINT).
func (a *App) AfterRedeem(f func()) { a.afterRedeem = f }

// BeforeBatchAppend and AfterBatchAppend set the failpoints around the append of a
// busy stream's batch of bookings (decision 1340); f gets the commands of the batch's
// requests. Only the crash test sets them (cmd/move, MOVE_FAILPOINT).
func (a *App) BeforeBatchAppend(f func(commands []uuid.UUID)) { a.run.beforeBatchAppend = f }

// AfterBatchAppend: see BeforeBatchAppend.
func (a *App) AfterBatchAppend(f func(commands []uuid.UUID)) { a.run.afterBatchAppend = f }

// New wires the use cases to an event store. vault seals personal fields before an
// append and opens them when a stream is loaded (package personal). now is the clock
// decisions see.
func New(store eventstore.Store, registry *domain.Registry, vault *personal.Vault, now func() time.Time) (*App, error) {
	if store == nil || registry == nil || vault == nil || now == nil {
		return nil, errors.New("commands: store, registry, vault and clock are required")
	}
	a := &App{run: &runner{store: store, registry: registry, vault: vault, now: now}}
	if db, ok := store.(interface{ Pool() *pgxpool.Pool }); ok {
		a.run.keysWithAppend = vault.Uses(db.Pool())
	}
	a.sessions = streamWriter[*sessionState]{run: a.run, locks: &a.bookings}
	a.bundles = streamWriter[*bundleState]{run: a.run, locks: &a.bookings}
	a.products = streamWriter[*productState]{run: a.run, locks: &a.bookings}
	return a, nil
}
