package engagement

import (
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain/identity"
	"move/domain/notification"
	rmcampaigns "move/projections/campaigns"
	"move/readapi/kernel"
)

// Permissions of notifications (spec §2, §6): application admins hold them (0101).
const (
	PermViewNotifications   = "view-notifications"
	PermCreateNotifications = "create-notifications"
	PermEditNotification    = "edit-notification"
)

// notificationRow is a notification as the overview and the form show it. Recipients
// is the number it went to once sent; before, how many customers it would reach now.
type notificationRow struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Contents string `json:"contents"`
	// SendOn is the local date and time in Zone, the application's time zone when it was
	// scheduled; SendAt the same moment as an instant.
	SendOn     string  `json:"send_on"`
	Zone       string  `json:"zone"`
	SendAt     string  `json:"send_at"`
	Status     string  `json:"status"`
	Recipients int64   `json:"recipients"`
	SentAt     *string `json:"sent_at"`
	// Editable: scheduled and its send time more than a minute away (notification.EditMargin;
	// edit and cancel only then).
	Editable  bool   `json:"editable"`
	Version   uint64 `json:"version"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

const notificationColumns = `id::text, title, contents, send_on, zone, send_at, status,
	CASE WHEN status = 'sent' THEN coalesce(recipients, 0) WHEN status = 'cancelled' THEN 0
	     ELSE (SELECT count(DISTINCT m.user_id) FROM readmodel.identity_memberships m WHERE m.application_id = n.application_id AND m.role = '` + identity.RoleCustomer + `') END,
	sent_at, status = 'scheduled' AND send_at > now() + interval '1 minute', version, created_at, updated_at`

func scanNotification(row pgx.Row) (notificationRow, error) {
	var o notificationRow
	var version int64
	var sendAt, created, updated time.Time
	var sentAt *time.Time
	err := row.Scan(&o.ID, &o.Title, &o.Contents, &o.SendOn, &o.Zone, &sendAt, &o.Status, &o.Recipients, &sentAt, &o.Editable, &version, &created, &updated)
	o.Version, o.SendAt, o.SentAt, o.CreatedAt, o.UpdatedAt = uint64(version), kernel.Stamp(sendAt), kernel.StampOrNil(sentAt), kernel.Stamp(created), kernel.Stamp(updated)
	return o, err
}

// notificationInput is the form: send_on is a local date and time ("2026-12-01T09:30")
// in the application's time zone.
type notificationInput struct {
	Title    string `json:"title"`
	Contents string `json:"contents"`
	SendOn   string `json:"send_on"`
	// Version is the version the user edited (update only); a stale one is a 409.
	Version *uint64 `json:"version"`
}

type notificationCreateInput struct {
	Title    string `json:"title"`
	Contents string `json:"contents"`
	SendOn   string `json:"send_on"`
}

// notificationSettings are the form's rules: the advised and the maximum length, the
// variables, and the application's time zone send_on is read in.
type notificationSettings struct {
	AdvisedLength int      `json:"advised_length"`
	MaxLength     int      `json:"max_length"`
	MaxTitle      int      `json:"max_title_length"`
	Variables     []string `json:"variables"`
	Zone          string   `json:"zone"`
	AppName       string   `json:"app_name"`
}

var notificationSorts = map[string]string{"send_on": "send_at", "name": "name_key", "created_at": "created_at"}

var notificationStatuses = []string{notification.StatusScheduled, notification.StatusSent, notification.StatusCancelled}

func (s *Handlers) NotificationRoutes() []kernel.Route {
	reads := []string{rmcampaigns.NotificationsName}
	list, one := "/v1/admin/notifications", "/v1/admin/notifications/{notification_id}"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: list, Permission: PermViewNotifications, Reads: reads, Handler: s.listNotifications,
			Doc: kernel.Doc{Summary: "The application's notifications (search on the title; status scheduled, sent or cancelled; sort send_on (default, latest first), name or created_at)", Response: kernel.ListAnswer[notificationRow]{}, Query: append([]string{"status"}, kernel.ListQueryDoc...)}},
		{Method: http.MethodGet, Pattern: list + "/settings", Permission: PermViewNotifications, Handler: s.notificationSettings,
			Doc: kernel.Doc{Summary: "The form's rules: advised and maximum length, the variables, the application's time zone and name", Response: kernel.DataAnswer[notificationSettings]{}}},
		{Method: http.MethodPost, Pattern: list, Permission: PermCreateNotifications, Handler: s.createNotification,
			Doc: kernel.Doc{Summary: "Schedule a notification to the application's customers: title, contents (variables {first_name}, {last_name}, {app_name}), send_on (local date and time in the application's time zone, in the future)", Request: notificationCreateInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: one, Permission: PermViewNotifications, Reads: reads, Handler: s.getNotification,
			Doc: kernel.Doc{Summary: "One notification", Response: kernel.DataAnswer[notificationRow]{}}},
		{Method: http.MethodPut, Pattern: one, Permission: PermEditNotification, Reads: reads, Handler: s.updateNotification,
			Doc: kernel.Doc{Summary: "Change a notification before it is sent (409 once sent, cancelled or due)", Request: notificationInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodPost, Pattern: one + "/cancel", Permission: PermEditNotification, Reads: reads, Handler: s.cancelNotification,
			Doc: kernel.Doc{Summary: "Cancel a notification before it is sent (409 once sent, cancelled or due)", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
	}
}

func (s *Handlers) listNotifications(w http.ResponseWriter, r *http.Request) error {
	q, err := kernel.ParseListQuery(r, notificationSorts, "send_on")
	if err != nil {
		return err
	}
	if r.URL.Query().Get("sort") == "" {
		q.Desc = true
	}
	where, args := kernel.SearchWhere(q, "", `application_id = $1`, []any{kernel.TenantFrom(r.Context()).ApplicationID})
	if status := r.URL.Query().Get("status"); status != "" {
		if !kernel.Contains(notificationStatuses, status) {
			return kernel.BadQuery("status")
		}
		args = append(args, status)
		where += ` AND status = $` + strconv.Itoa(len(args))
	}
	items, total, err := sortedPage(s, r, q, notificationSorts, notificationColumns, ` FROM readmodel.notifications n`, where, args, scanNotification)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.ListAnswer[notificationRow]{Data: items, Meta: kernel.ListMeta{Pagination: q.Pagination(total)}})
	return nil
}

func (s *Handlers) notificationInReach(r *http.Request) (notificationRow, error) {
	return kernel.TaxonomyItem(s.Core, r, "notification_id", "notification",
		`SELECT `+notificationColumns+` FROM readmodel.notifications n WHERE application_id = $1 AND id = $2`, scanNotification)
}

func (s *Handlers) getNotification(w http.ResponseWriter, r *http.Request) error {
	o, err := s.notificationInReach(r)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[notificationRow]{Data: o})
	return nil
}

func (s *Handlers) notificationSettings(w http.ResponseWriter, r *http.Request) error {
	zone, _, err := s.ApplicationZone(r)
	if err != nil {
		return err
	}
	name, err := s.ApplicationName(r)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[notificationSettings]{Data: notificationSettings{AdvisedLength: notification.AdvisedLength,
		MaxLength: notification.MaxContents, MaxTitle: notification.MaxTitleLength, Variables: notification.Variables, Zone: zone, AppName: name}})
	return nil
}

func (s *Handlers) createNotification(w http.ResponseWriter, r *http.Request) error {
	var in notificationCreateInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	zone, _, err := s.ApplicationZone(r)
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.ScheduleNotification(r.Context(), m, notification.Fields{Title: in.Title, Contents: in.Contents, SendOn: in.SendOn, Zone: zone})
	return s.AnswerCommand(w, "schedule_notification", http.StatusCreated, res, err)
}

func (s *Handlers) updateNotification(w http.ResponseWriter, r *http.Request) error {
	o, err := s.notificationInReach(r)
	if err != nil {
		return err
	}
	var in notificationInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	zone, _, err := s.ApplicationZone(r)
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateNotification(r.Context(), m, o.ID, in.Version, notification.Fields{Title: in.Title, Contents: in.Contents, SendOn: in.SendOn, Zone: zone})
	return s.AnswerCommand(w, "update_notification", http.StatusOK, res, err)
}

func (s *Handlers) cancelNotification(w http.ResponseWriter, r *http.Request) error {
	o, err := s.notificationInReach(r)
	if err != nil {
		return err
	}
	expected, err := kernel.VersionQuery(r)
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CancelNotification(r.Context(), m, o.ID, expected)
	return s.AnswerCommand(w, "cancel_notification", http.StatusOK, res, err)
}
