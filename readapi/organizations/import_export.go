package organizations

import (
	"errors"
	"io"
	"move/domain"
	"move/domain/organization"
	"move/readapi/kernel"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
)

type importAnswer struct {
	Data struct {
		DryRun          bool               `json:"dry_run"`
		Rows            int                `json:"rows"`
		Created         int                `json:"created"`
		AlreadyImported bool               `json:"already_imported"`
		Preview         []importPreviewRow `json:"preview,omitempty"`
	} `json:"data"`
	Meta *kernel.CommandMeta `json:"meta,omitempty"`
}

type importPreviewRow struct {
	Line int `json:"line"`
	organizationInput
}

type statisticsAnswer struct {
	From    string          `json:"from"`
	To      string          `json:"to"`
	ByState map[string]int  `json:"organizations_by_state"`
	Total   int             `json:"organizations_total"`
	PerDay  []statisticsDay `json:"new_organizations_per_day"`
	PerWeek []statisticsDay `json:"new_organizations_per_week"`
}

type statisticsDay struct {
	Day      string `json:"day"`
	Created  int    `json:"created"`
	Approved int    `json:"approved"`
	Rejected int    `json:"rejected"`
}

func (s *Handlers) importOrganizations(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, kernel.MaxImportBytes+1<<20)
	if err := r.ParseMultipartForm(8 << 20); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return kernel.ErrStatus(http.StatusRequestEntityTooLarge, "error.body_too_large")
		}
		return kernel.ErrStatus(http.StatusBadRequest, "error.bad_form")
	}
	defer func() { _ = r.MultipartForm.RemoveAll() }()
	file, _, err := r.FormFile("file")
	if err != nil {
		return &kernel.APIError{Status: http.StatusUnprocessableEntity, Key: "validation.failed",
			Fields: map[string]domain.FieldError{"file": {Field: "file", Key: "validation.required"}}}
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, kernel.MaxImportBytes+1))
	if err != nil {
		return err
	}
	if len(data) > kernel.MaxImportBytes {
		return kernel.ErrStatus(http.StatusRequestEntityTooLarge, "error.body_too_large")
	}
	dryRun := r.FormValue("dry_run") == "true" || r.URL.Query().Get("dry_run") == "true"
	rows, digest, err := organization.ParseCSV(data)
	var refused *organization.ImportError
	if errors.As(err, &refused) {
		s.CountCommand("import_organizations", &domain.ValidationError{})
		writeImportError(w, r, refused)
		return nil
	}
	if err != nil {
		return err
	}
	var a importAnswer
	a.Data.DryRun, a.Data.Rows = dryRun, len(rows)
	if dryRun {
		for _, row := range rows[:min(len(rows), 100)] {
			p := row.Profile
			a.Data.Preview = append(a.Data.Preview, importPreviewRow{Line: row.Line, organizationInput: organizationInput{
				Name: p.Name, Description: p.Description, Email: p.Email, Phone: p.Phone, Website: p.Website,
				FacebookURL: p.FacebookURL, InstagramURL: p.InstagramURL, YoutubeURL: p.YoutubeURL, Notes: p.Notes,
				Street: p.Address.Street, HouseNumber: p.Address.HouseNumber, Zipcode: p.Address.Zipcode, City: p.Address.City, Country: p.Address.Country}})
		}
		kernel.WriteJSON(w, http.StatusOK, a)
		return nil
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.ImportOrganizations(r.Context(), m, digest, rows)
	s.CountCommand("import_organizations", err)
	var rowErr *organization.ImportError
	if errors.As(err, &rowErr) {
		writeImportError(w, r, rowErr)
		return nil
	}
	if err != nil {
		return err
	}
	a.Data.Created, a.Data.AlreadyImported = res.Created, res.Created == 0
	a.Meta = &kernel.CommandMeta{Position: res.Position.String()}
	w.Header().Set("X-Event-Position", res.Position.String())
	status := http.StatusCreated
	if a.Data.AlreadyImported {
		status = http.StatusOK
	}
	kernel.WriteJSON(w, status, a)
	return nil
}

// importErrorBody is the one error shape with the refused rows: each with its line and
// a message per column.
type importErrorBody struct {
	Errors struct {
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields,omitempty"`
		Rows    []importRowError  `json:"rows"`
	} `json:"errors"`
}

type importRowError struct {
	Line   int               `json:"line"`
	Fields map[string]string `json:"fields"`
}

func writeImportError(w http.ResponseWriter, r *http.Request, e *organization.ImportError) {
	language := kernel.Lang(r)
	var body importErrorBody
	body.Errors.Message = kernel.Translate(language, "import.refused", nil)
	body.Errors.Rows = []importRowError{}
	if len(e.File) > 0 {
		f := e.File[0]
		body.Errors.Fields = kernel.TranslateFields(language, map[string]domain.FieldError{f.Field: f})
	}
	for _, row := range e.Rows {
		fields := map[string]domain.FieldError{}
		for _, f := range row.Fields {
			if _, seen := fields[f.Field]; !seen {
				fields[f.Field] = f
			}
		}
		body.Errors.Rows = append(body.Errors.Rows, importRowError{Line: row.Line, Fields: kernel.TranslateFields(language, fields)})
	}
	kernel.WriteJSON(w, http.StatusUnprocessableEntity, body)
}

// exportColumns are the sheet's columns: the import's, then the read model's.
var exportColumns = []string{"id", "name", "state", "street", "house_number", "zipcode", "city", "country", "description",
	"email", "phone", "website", "facebook_url", "instagram_url", "youtube_url", "kvk", "type", "notes", "created_at"}

func (s *Handlers) exportOrganizations(w http.ResponseWriter, r *http.Request) error {
	where, args, err := organizationFilter(r, r.URL.Query().Get("search"))
	if err != nil {
		return err
	}
	name := "Organisaties"
	if kernel.Lang(r) == "en" {
		name = "Organizations"
	}
	language := kernel.Lang(r)
	book, err := kernel.NewSheet(name, kernel.ColumnTitles(language, exportColumns))
	if err != nil {
		return err
	}
	defer book.Close()
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `SELECT id::text, name, state, street, house_number, zipcode, city, country, description,
			email, phone, website, facebook_url, instagram_url, youtube_url, kvk, type, notes, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
			FROM readmodel.organizations WHERE `+where+` ORDER BY name_key, id`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		vals := make([]string, len(exportColumns))
		ptrs := make([]any, len(vals))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		cells := make([]any, len(vals))
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				return err
			}
			for i, v := range vals {
				cells[i] = v
			}
			cells[2] = kernel.StateTitle(language, vals[2])
			if err := book.Add(cells); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	return book.Answer(w, r, "organizations.xlsx")
}

func (s *Handlers) applicationStatistics(w http.ResponseWriter, r *http.Request) error {
	app := kernel.TenantFrom(r.Context()).ApplicationID
	var out statisticsAnswer
	err := s.InTenant(r, func(tx pgx.Tx) error {
		zone, loc, err := kernel.StatisticsZone(r.Context(), tx, app)
		if err != nil {
			return err
		}
		from, to, err := kernel.StatisticsPeriod(r, loc)
		if err != nil {
			return err
		}
		out = statisticsAnswer{From: from.Format(time.DateOnly), To: to.Format(time.DateOnly),
			ByState: map[string]int{organization.StatePending: 0, organization.StateApproved: 0, organization.StateRejected: 0},
			PerDay:  []statisticsDay{}, PerWeek: []statisticsDay{}}
		rows, err := tx.Query(r.Context(), `SELECT state, count(*) FROM readmodel.organizations WHERE application_id = $1 GROUP BY state`, app)
		if err != nil {
			return err
		}
		for rows.Next() {
			var st string
			var n int
			if err := rows.Scan(&st, &n); err != nil {
				rows.Close()
				return err
			}
			out.ByState[st] = n
			out.Total += n
		}
		rows.Close()
		scanDays := func(sql string) ([]statisticsDay, error) {
			rows, err := tx.Query(r.Context(), sql, app, from, to, zone)
			if err != nil {
				return nil, err
			}
			return kernel.Collect(rows, func(row pgx.Row) (statisticsDay, error) {
				var d statisticsDay
				var day time.Time
				err := row.Scan(&day, &d.Created, &d.Approved, &d.Rejected)
				d.Day = day.Format(time.DateOnly)
				return d, err
			})
		}
		// Every day of the period in the application's zone, zero where nothing happened:
		// the quarter hours between the zone's first and last midnight, one index range,
		// summed per local day (decision 0405).
		const perDay = `
			WITH q AS (
			  SELECT (quarter_hour AT TIME ZONE $4)::date AS day, sum(created) AS created, sum(approved) AS approved, sum(rejected) AS rejected
			    FROM readmodel.organization_quarter_hours
			   WHERE application_id = $1
			     AND quarter_hour >= ($2::date)::timestamp AT TIME ZONE $4
			     AND quarter_hour < ($3::date + 1)::timestamp AT TIME ZONE $4
			   GROUP BY 1),
			days AS (
			  SELECT g.day::date AS day, coalesce(q.created, 0)::int AS created, coalesce(q.approved, 0)::int AS approved, coalesce(q.rejected, 0)::int AS rejected
			    FROM generate_series($2::date::timestamp, $3::date::timestamp, interval '1 day') AS g(day)
			    LEFT JOIN q ON q.day = g.day::date)`
		if out.PerDay, err = scanDays(perDay + `
			SELECT day, created, approved, rejected FROM days ORDER BY 1`); err != nil {
			return err
		}
		out.PerWeek, err = scanDays(perDay + `
			SELECT date_trunc('week', day::timestamp)::date, sum(created)::int, sum(approved)::int, sum(rejected)::int
			  FROM days GROUP BY 1 ORDER BY 1`)
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[statisticsAnswer]{Data: out})
	return nil
}
