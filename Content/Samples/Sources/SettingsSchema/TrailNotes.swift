// The settings of an invented hiking app, TrailNotes, as the JSON file it ships with.
public let trailNotesSchemaJSON = """
{
  "version": 2,
  "settings": [
    { "key": "units", "type": "string", "default": "metric",
      "choices": ["metric", "imperial"] },
    { "key": "mapZoom", "type": "int", "default": 12, "min": 3, "max": 18 },
    { "key": "autoSync", "type": "bool", "default": true },
    { "key": "syncInterval", "type": "double", "default": 15, "min": 5, "max": 120 }
  ]
}
"""

/// The suite every sample of the chapter writes to, with its own name appended.
public func trailNotesSuite(_ sample: String) -> String { "org.example.trailnotes.\(sample)" }
