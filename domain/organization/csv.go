package organization

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"move/domain"
	"move/domain/names"
)

// Import columns (spec section 5): required, then optional.
var (
	RequiredColumns = []string{"name", "street", "house_number", "zipcode", "city", "country"}
	OptionalColumns = []string{"description", "email", "phone", "website", "facebook_url", "instagram_url", "youtube_url", "notes"}
)

// MaxImportRows bounds one file.
const MaxImportRows = 20_000

// ImportRow is one data row of an import file: its line (where the record starts, 1 =
// the header) and the profile it makes.
type ImportRow struct {
	Line    int
	Profile Profile
}

// RowError is one row's problems, by column.
type RowError struct {
	Line   int                 `json:"line"`
	Fields []domain.FieldError `json:"-"`
}

// ImportError refuses a whole file: nothing is imported. File holds problems of the
// file itself (encoding, header), Rows those of its rows.
type ImportError struct {
	File []domain.FieldError
	Rows []RowError
}

func (e *ImportError) Error() string { return "import refused" }

// ParseCSV reads an organisation import: UTF-8 with or without a byte order mark,
// comma or semicolon separated (whichever the header uses), quoted fields may hold
// separators and newlines. Every row is validated as the form validates; any problem
// refuses the whole file. Digest identifies the content (not its encoding details): the
// same rows give the same digest, so a re-import can be recognised.
func ParseCSV(data []byte) (rows []ImportRow, digest string, err error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	fail := func(key string, params map[string]any) (rows []ImportRow, digest string, err error) {
		return nil, "", &ImportError{File: []domain.FieldError{{Field: "file", Key: key, Params: params}}}
	}
	if !utf8.Valid(data) {
		return fail("import.not_utf8", nil)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return fail("import.empty", nil)
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = separator(data)
	r.FieldsPerRecord = -1
	r.LazyQuotes = false
	header, err := r.Read()
	if err != nil {
		return fail("import.unreadable", map[string]any{"line": 1})
	}
	columns := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(h))
		if h == "" {
			continue // a trailing separator
		}
		if !isColumn(h) {
			return fail("import.unknown_column", map[string]any{"column": h})
		}
		if _, dup := columns[h]; dup {
			return fail("import.duplicate_column", map[string]any{"column": h})
		}
		columns[h] = i
	}
	var missing []string
	for _, c := range RequiredColumns {
		if _, ok := columns[c]; !ok {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return fail("import.missing_columns", map[string]any{"columns": strings.Join(missing, ", ")})
	}
	h := sha256.New()
	var refused ImportError
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		var perr *csv.ParseError
		if errors.As(err, &perr) {
			refused.Rows = append(refused.Rows, RowError{Line: perr.StartLine, Fields: []domain.FieldError{{Field: "file", Key: "import.unreadable", Params: map[string]any{"line": perr.Line}}}})
			break // the reader cannot find the next record reliably
		}
		if err != nil {
			return nil, "", err
		}
		line, _ := r.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a blank line
		}
		if len(rows)+len(refused.Rows) >= MaxImportRows {
			return fail("import.too_many_rows", map[string]any{"max": MaxImportRows})
		}
		get := func(c string) string {
			if i, ok := columns[c]; ok && i < len(rec) {
				return rec[i]
			}
			return ""
		}
		var problems []domain.FieldError
		if len(rec) != len(header) {
			problems = append(problems, domain.FieldError{Field: "file", Key: "import.column_count", Params: map[string]any{"want": len(header), "got": len(rec)}})
		}
		p := Profile{
			Name: get("name"), Description: get("description"), Email: get("email"), Phone: get("phone"),
			Website: get("website"), FacebookURL: get("facebook_url"), InstagramURL: get("instagram_url"),
			YoutubeURL: get("youtube_url"), Notes: get("notes"),
			Address: Address{Street: get("street"), HouseNumber: get("house_number"), Zipcode: get("zipcode"), City: get("city"), Country: get("country")},
		}
		for _, c := range append(RequiredColumns, OptionalColumns...) {
			if names.Unprintable(get(c)) {
				problems = append(problems, domain.FieldError{Field: c, Key: "validation.characters"})
			}
		}
		for _, c := range RequiredColumns[1:] {
			if strings.TrimSpace(get(c)) == "" {
				problems = append(problems, domain.FieldError{Field: c, Key: "validation.required"})
			}
		}
		clean, err := CleanProfile(p)
		var v *domain.ValidationError
		if errors.As(err, &v) {
			for _, f := range v.Fields {
				if !slices.ContainsFunc(problems, func(p domain.FieldError) bool { return p.Field == f.Field }) {
					problems = append(problems, f)
				}
			}
		}
		if len(problems) > 0 {
			refused.Rows = append(refused.Rows, RowError{Line: line, Fields: problems})
			continue
		}
		rows = append(rows, ImportRow{Line: line, Profile: clean})
		for _, c := range append(RequiredColumns, OptionalColumns...) {
			h.Write([]byte(strings.TrimSpace(get(c))))
			h.Write([]byte{0})
		}
		h.Write([]byte{'\n'})
	}
	if len(refused.Rows) > 0 {
		return nil, "", &refused
	}
	if len(rows) == 0 {
		return fail("import.empty", nil)
	}
	return rows, hex.EncodeToString(h.Sum(nil)), nil
}

// separator is the header line's separator: a semicolon when it has more of them than
// commas outside quotes.
func separator(data []byte) rune {
	commas, semicolons, quoted := 0, 0, false
	for _, b := range data {
		switch {
		case b == '"':
			quoted = !quoted
		case quoted:
		case b == '\n':
			if semicolons > commas {
				return ';'
			}
			return ','
		case b == ',':
			commas++
		case b == ';':
			semicolons++
		}
	}
	if semicolons > commas {
		return ';'
	}
	return ','
}

func isColumn(c string) bool {
	for _, x := range append(RequiredColumns, OptionalColumns...) {
		if x == c {
			return true
		}
	}
	return false
}
