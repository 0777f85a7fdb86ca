package kernel

import (
	"archive/zip"
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sheet is an export's spreadsheet: a workbook of one sheet. Rows are written as
// SpreadsheetML to a temporary file as they come (a few KB in memory however many
// Rows), and answer zips that file with the four small parts an xlsx needs straight
// into the response (decision 0541: excelize's StreamWriter kept up to 16 MB of the
// Sheet in memory and built the whole zip in a buffer: 66 MB of heap for 100,000
// sessions). A failure before answer is still an error answer: nothing was sent yet.
type Sheet struct {
	name string
	tmp  *os.File
	out  *bufio.Writer
	line int
	row  []byte // the row being encoded, reused
}

// maxSheetName is the longest sheet name a spreadsheet accepts.
const maxSheetName = 31

// NewSheet starts a workbook whose one sheet, name, begins with the header row.
func NewSheet(name string, header []string) (*Sheet, error) {
	if name == "" || utf8.RuneCountInString(name) > maxSheetName || strings.ContainsAny(name, `[]:*?/\`) {
		return nil, fmt.Errorf("sheet name %q: 1 to %d characters, none of []:*?/\\", name, maxSheetName)
	}
	tmp, err := os.CreateTemp("", "move-sheet-*.xml")
	if err != nil {
		return nil, err
	}
	// Unlinked at once: the open file stays readable and nothing is left behind.
	_ = os.Remove(tmp.Name())
	s := &Sheet{name: name, tmp: tmp, out: bufio.NewWriterSize(tmp, 64<<10)}
	cells := make([]any, len(header))
	for i, c := range header {
		cells[i] = c
	}
	if err := s.Add(cells); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Add writes the next row: strings as text, integers and floats as numbers, booleans
// As TRUE/FALSE, nil as an empty cell, anything else as its text.
func (s *Sheet) Add(cells []any) error {
	s.line++
	b := append(s.row[:0], `<row r="`...)
	b = strconv.AppendInt(b, int64(s.line), 10)
	b = append(b, `">`...)
	for i, v := range cells {
		if v == nil {
			continue
		}
		b = append(b, `<c r="`...)
		b = appendColumn(b, i)
		b = strconv.AppendInt(b, int64(s.line), 10)
		switch x := v.(type) {
		case string:
			b = appendText(b, x)
		case bool:
			b = append(b, `" t="b"><v>`...)
			if x {
				b = append(b, '1')
			} else {
				b = append(b, '0')
			}
			b = append(b, `</v></c>`...)
		case int:
			b = appendNumber(b, strconv.Itoa(x))
		case int32:
			b = appendNumber(b, strconv.FormatInt(int64(x), 10))
		case int64:
			b = appendNumber(b, strconv.FormatInt(x, 10))
		case uint64:
			b = appendNumber(b, strconv.FormatUint(x, 10))
		case float64:
			b = appendNumber(b, strconv.FormatFloat(x, 'f', -1, 64))
		default:
			b = appendText(b, fmt.Sprint(x))
		}
	}
	b = append(b, `</row>`...)
	s.row = b
	_, err := s.out.Write(b)
	return err
}

// appendColumn appends the letters of the zero-based column i (A, …, Z, AA, …).
func appendColumn(b []byte, i int) []byte {
	if i >= 26 {
		b = appendColumn(b, i/26-1)
	}
	return append(b, byte('A'+i%26))
}

func appendNumber(b []byte, n string) []byte {
	b = append(b, `"><v>`...)
	b = append(b, n...)
	return append(b, `</v></c>`...)
}

// appendText appends an inline string cell's rest: XML-escaped, a carriage return kept
// As a reference (a parser would turn it into a newline), and what XML cannot hold
// (other control characters, invalid UTF-8) as U+FFFD.
func appendText(b []byte, text string) []byte {
	b = append(b, `" t="inlineStr"><is><t xml:space="preserve">`...)
	b = appendEscaped(b, text)
	return append(b, `</t></is></c>`...)
}

func appendEscaped(b []byte, text string) []byte {
	for _, r := range text {
		switch {
		case r == '&':
			b = append(b, "&amp;"...)
		case r == '<':
			b = append(b, "&lt;"...)
		case r == '>':
			b = append(b, "&gt;"...)
		case r == '"':
			b = append(b, "&quot;"...)
		case r == '\r':
			b = append(b, "&#xD;"...)
		case r == '\t' || r == '\n':
			b = append(b, byte(r))
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF:
			b = utf8.AppendRune(b, utf8.RuneError)
		default: // invalid UTF-8 comes as utf8.RuneError: written as U+FFFD too
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

func (s *Sheet) Close() { _ = s.tmp.Close() }

// The parts of a one-sheet workbook around the sheet's rows.
const (
	sheetContentTypes = xml.Header + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
		`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`
	sheetPackageRels = xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
		`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
	sheetWorkbookRels = xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
		`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`
	sheetWorkbook = xml.Header + `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
		`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="%s" sheetId="1" r:id="rId1"/></sheets></workbook>`
	sheetStart = xml.Header + `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	sheetEnd   = `</sheetData></worksheet>`
)

// Answer sends the workbook as the attachment filename; a client gone midway is only
// logged.
func (s *Sheet) Answer(w http.ResponseWriter, r *http.Request, filename string) error {
	if err := s.out.Flush(); err != nil {
		return err
	}
	if _, err := s.tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	w.Header().Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	w.WriteHeader(http.StatusOK)
	if err := s.zipTo(w); err != nil {
		Logger(r).Warn("export interrupted", "error", err)
	}
	return nil
}

func (s *Sheet) zipTo(w io.Writer) error {
	zw := zip.NewWriter(w)
	name := string(appendEscaped(nil, s.name))
	for _, part := range []struct{ path, text string }{
		{"[Content_Types].xml", sheetContentTypes},
		{"_rels/.rels", sheetPackageRels},
		{"xl/workbook.xml", fmt.Sprintf(sheetWorkbook, name)},
		{"xl/_rels/workbook.xml.rels", sheetWorkbookRels},
	} {
		f, err := zw.Create(part.path)
		if err != nil {
			return err
		}
		if _, err := io.WriteString(f, part.text); err != nil {
			return err
		}
	}
	f, err := zw.Create("xl/worksheets/sheet1.xml")
	if err != nil {
		return err
	}
	if _, err := io.WriteString(f, sheetStart); err != nil {
		return err
	}
	if _, err := io.Copy(f, s.tmp); err != nil {
		return err
	}
	if _, err := io.WriteString(f, sheetEnd); err != nil {
		return err
	}
	return zw.Close()
}

// ColumnTitles are an export's header row in the user's language: the field names the
// error messages use, capitalised.
func ColumnTitles(language string, columns []string) []string {
	titles := make([]string, len(columns))
	for i, c := range columns {
		name := []rune(FieldName(language, c))
		if len(name) > 0 {
			name[0] = unicode.ToUpper(name[0])
		}
		titles[i] = string(name)
	}
	return titles
}

// StateTitle is a state or status value (pending, redeemed, …) in the user's language.
func StateTitle(language, state string) string {
	if _, ok := messages["state."+state]; !ok {
		return state
	}
	return Translate(language, "state."+state, nil)
}

// Neutralize keeps a spreadsheet from reading a CSV cell as a formula (CSV/formula
// injection): text starting with = + - @ (or a tab or carriage return) gets a leading
// apostrophe. Only CSV needs it: an xlsx string cell is text and never evaluated, so
// xlsx cells are written as typed (a phone number keeps its leading +).
func Neutralize(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
