package lsp

import "encoding/json"

// The LSP 3.17 structures shea's server reads and writes: only those, and
// only the fields it uses. Field names follow the specification.

// Position is a place in a document: a 0-based line and a 0-based
// character offset in the negotiated encoding (UTF-16 code units unless
// the client chose utf-8 or utf-32).
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a half-open range of a document.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a document.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

type textDocumentIdentifier struct {
	URI string `json:"uri"`
}

type textDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

type versionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

type textDocumentContentChangeEvent struct {
	Range *Range `json:"range,omitempty"`
	Text  string `json:"text"`
}

type didOpenParams struct {
	TextDocument textDocumentItem `json:"textDocument"`
}

type didChangeParams struct {
	TextDocument   versionedTextDocumentIdentifier  `json:"textDocument"`
	ContentChanges []textDocumentContentChangeEvent `json:"contentChanges"`
}

type didSaveParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Text         *string                `json:"text,omitempty"`
}

type didCloseParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type textDocumentPositionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Position     Position               `json:"position"`
}

type initializeParams struct {
	Capabilities struct {
		General struct {
			PositionEncodings []string `json:"positionEncodings"`
		} `json:"general"`
	} `json:"capabilities"`
	InitializationOptions json.RawMessage `json:"initializationOptions,omitempty"`
}

// InitializationOptions are what a client may pass in initialize's
// initializationOptions.
type InitializationOptions struct {
	// ContextSchema is the path of a JSON Schema file of extra lane
	// inputs: shea validate's --context-schema.
	ContextSchema string `json:"contextSchema,omitempty"`
	// Profile forces the dialect (symphony or shea), as --profile does.
	Profile string `json:"profile,omitempty"`
}

type initializeResult struct {
	Capabilities serverCapabilities `json:"capabilities"`
	ServerInfo   struct {
		Name    string `json:"name"`
		Version string `json:"version,omitempty"`
	} `json:"serverInfo"`
}

type serverCapabilities struct {
	PositionEncoding       string              `json:"positionEncoding"`
	TextDocumentSync       textDocumentSync    `json:"textDocumentSync"`
	CompletionProvider     *completionOptions  `json:"completionProvider,omitempty"`
	HoverProvider          bool                `json:"hoverProvider"`
	DefinitionProvider     bool                `json:"definitionProvider"`
	DocumentLinkProvider   *documentLinkOption `json:"documentLinkProvider,omitempty"`
	CodeActionProvider     *codeActionOptions  `json:"codeActionProvider,omitempty"`
	DocumentSymbolProvider bool                `json:"documentSymbolProvider"`
}

type textDocumentSync struct {
	OpenClose bool        `json:"openClose"`
	Change    int         `json:"change"` // 2: incremental
	Save      saveOptions `json:"save"`
}

type saveOptions struct {
	IncludeText bool `json:"includeText"`
}

type completionOptions struct {
	TriggerCharacters []string `json:"triggerCharacters"`
}

type documentLinkOption struct {
	ResolveProvider bool `json:"resolveProvider"`
}

type codeActionOptions struct {
	CodeActionKinds []string `json:"codeActionKinds"`
}

// Diagnostic is an LSP diagnostic.
type Diagnostic struct {
	Range           Range                          `json:"range"`
	Severity        int                            `json:"severity"` // 1 error, 2 warning
	Code            string                         `json:"code,omitempty"`
	CodeDescription *codeDescription               `json:"codeDescription,omitempty"`
	Source          string                         `json:"source"`
	Message         string                         `json:"message"`
	Related         []diagnosticRelatedInformation `json:"relatedInformation,omitempty"`
	// Data carries the did-you-mean suggestions, for code actions.
	Data *diagnosticData `json:"data,omitempty"`
}

type diagnosticData struct {
	Suggestions []string `json:"suggestions,omitempty"`
}

type codeDescription struct {
	Href string `json:"href"`
}

type diagnosticRelatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

type publishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// CompletionItem is one completion.
type CompletionItem struct {
	Label         string         `json:"label"`
	Kind          int            `json:"kind,omitempty"`
	Detail        string         `json:"detail,omitempty"`
	Documentation *markupContent `json:"documentation,omitempty"`
	InsertText    string         `json:"insertText,omitempty"`
}

// The completion item kinds shea uses.
const (
	kindFunction = 3
	kindField    = 5
	kindVariable = 6
	kindProperty = 10
	kindKeyword  = 14
)

type completionList struct {
	IsIncomplete bool             `json:"isIncomplete"`
	Items        []CompletionItem `json:"items"`
}

type markupContent struct {
	Kind  string `json:"kind"` // "markdown"
	Value string `json:"value"`
}

type hover struct {
	Contents markupContent `json:"contents"`
	Range    *Range        `json:"range,omitempty"`
}

type documentLink struct {
	Range   Range  `json:"range"`
	Target  string `json:"target"`
	Tooltip string `json:"tooltip,omitempty"`
}

type codeActionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
	} `json:"context"`
}

type codeAction struct {
	Title       string        `json:"title"`
	Kind        string        `json:"kind"`
	Diagnostics []Diagnostic  `json:"diagnostics,omitempty"`
	IsPreferred bool          `json:"isPreferred,omitempty"`
	Edit        workspaceEdit `json:"edit"`
}

type workspaceEdit struct {
	Changes map[string][]textEdit `json:"changes"`
}

type textEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

type documentSymbol struct {
	Name           string           `json:"name"`
	Detail         string           `json:"detail,omitempty"`
	Kind           int              `json:"kind"` // 15: string (a section)
	Range          Range            `json:"range"`
	SelectionRange Range            `json:"selectionRange"`
	Children       []documentSymbol `json:"children,omitempty"`
}

type logMessageParams struct {
	Type    int    `json:"type"` // 1 error, 3 info
	Message string `json:"message"`
}
