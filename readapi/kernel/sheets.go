package kernel

import (
	"archive/zip"
	"bufio"
	"compress/flate"
	"encoding/xml"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// Sheet is an export's spreadsheet: a workbook of one sheet. Rows are encoded as
// SpreadsheetML as they come and deflated on a goroutine of their own into a temporary
// file (a few buffers in memory however many rows), and Answer zips that compressed
// sheet with the four small parts an xlsx needs straight into the response (decision
// 0541: excelize's StreamWriter kept up to 16 MB of the sheet in memory and built the
// whole zip in a buffer). Compressing beside the query instead of after it, at deflate's
// fastest level, is decision 1740: the deflate at the default level after the last row
// was most of an export's time. A failure before Answer is still an error answer:
// nothing was sent yet.
type Sheet struct {
	name    string
	tmp     *os.File
	line    int
	rows    []byte // encoded rows not yet handed to the packer
	pack    *packer
	written bool // the packer's input is closed (Answer or Close)
}

// maxSheetName is the longest sheet name a spreadsheet accepts.
const maxSheetName = 31

// sheetChunk is how much encoded XML Add gathers before handing it to the packer, and
// sheetChunks how many such buffers circulate between them.
const (
	sheetChunk  = 64 << 10
	sheetChunks = 3
)

// packer deflates the chunks it is handed into the sheet's temporary file, keeping the
// CRC-32 and size of what went in (the zip entry's header, written raw by Answer).
type packer struct {
	full   chan []byte
	free   chan []byte
	done   chan struct{}
	failed atomic.Bool
	// Set by the packer's goroutine, read after done is closed.
	err        error
	crc        uint32
	size       int64 // bytes of XML
	compressed int64 // bytes in the file
}

// NewSheet starts a workbook whose one sheet, name, begins with the header row.
func NewSheet(name string, header []string) (*Sheet, error) {
	if name == "" || utf8.RuneCountInString(name) > maxSheetName || strings.ContainsAny(name, `[]:*?/\`) {
		return nil, fmt.Errorf("sheet name %q: 1 to %d characters, none of []:*?/\\", name, maxSheetName)
	}
	tmp, err := os.CreateTemp("", "move-sheet-*.xml.deflate")
	if err != nil {
		return nil, err
	}
	// Unlinked at once: the open file stays readable and nothing is left behind.
	_ = os.Remove(tmp.Name())
	p := &packer{full: make(chan []byte), free: make(chan []byte, sheetChunks), done: make(chan struct{})}
	for range sheetChunks - 1 {
		p.free <- make([]byte, 0, sheetChunk+4<<10)
	}
	go p.run(tmp)
	s := &Sheet{name: name, tmp: tmp, pack: p, rows: append(make([]byte, 0, sheetChunk+4<<10), sheetStart...)}
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

// run deflates every chunk handed to it until full is closed. After a failure it keeps
// taking chunks (so Add never blocks on it) but writes nothing more.
func (p *packer) run(tmp *os.File) {
	defer close(p.done)
	file := &countingWriter{w: tmp}
	out := bufio.NewWriterSize(file, sheetChunk)
	// The fastest level: a sheet's XML repeats itself so much that it still shrinks about
	// ninefold, at a fraction of the default level's time (decision 1740).
	zw, err := flate.NewWriter(out, flate.BestSpeed)
	p.err = err
	for chunk := range p.full {
		if p.err == nil {
			p.crc = crc32.Update(p.crc, crc32.IEEETable, chunk)
			p.size += int64(len(chunk))
			if _, p.err = zw.Write(chunk); p.err != nil {
				p.failed.Store(true)
			}
		}
		p.free <- chunk[:0]
	}
	if p.err == nil {
		p.err = zw.Close()
	}
	if p.err == nil {
		p.err = out.Flush()
	}
	p.compressed = file.n
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}

// handOff gives the gathered rows to the packer and takes an empty buffer back.
func (s *Sheet) handOff() error {
	if s.pack.failed.Load() {
		return errors.New("export sheet: the temporary file could not be written")
	}
	s.pack.full <- s.rows
	s.rows = <-s.pack.free
	return nil
}

// finish closes the packer's input (after sheetEnd, if the sheet is complete) and waits
// until everything it was given is in the file.
func (s *Sheet) finish(complete bool) error {
	if s.written {
		return s.pack.err
	}
	s.written = true
	if complete {
		s.rows = append(s.rows, sheetEnd...)
		s.pack.full <- s.rows
	}
	close(s.pack.full)
	<-s.pack.done
	return s.pack.err
}

// Add writes the next row: strings as text, integers and floats as numbers, booleans
// As TRUE/FALSE, nil as an empty cell, anything else as its text.
func (s *Sheet) Add(cells []any) error {
	s.line++
	b := append(s.rows, `<row r="`...)
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
	s.rows = append(b, `</row>`...)
	if len(s.rows) >= sheetChunk {
		return s.handOff()
	}
	return nil
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

// Close ends the packer (if Answer did not) and drops the temporary file.
func (s *Sheet) Close() {
	_ = s.finish(false)
	_ = s.tmp.Close()
}

// zipVersion20 is the version archive/zip's Create records (2.0: deflate).
const zipVersion20 = 20

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
	if err := s.finish(true); err != nil {
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
	// The sheet is deflated already: its entry is written raw, with the header Create
	// would have written but the sizes and checksum known up front.
	f, err := zw.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Deflate,
		CreatorVersion: zipVersion20, ReaderVersion: zipVersion20,
		CRC32: s.pack.crc, CompressedSize64: uint64(s.pack.compressed), UncompressedSize64: uint64(s.pack.size)})
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, s.tmp); err != nil {
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
