# frozen_string_literal: true
# The Ruby side of shea's differential test (see doc.go): one long-lived
# process that renders templates with Shopify's Liquid gem as its default
# (lax) parser reads them.
#
# Each line on stdin is a JSON object {"template": T, "data": D} (D a JSON
# object, or absent). Each answer is one JSON line on stdout:
#   {"output": B}  the rendered text, B base64 (it may not be UTF-8)
#   {"error": E}   the class and message of what failed, parse or render
# Rendering uses render! (the first error fails the whole render, as
# shea's all-or-nothing output does), Liquid's resource limits and a wall
# clock limit, so one runaway case cannot stall the run.
require "json"
require "base64"
require "timeout"
require "liquid"

$stdout.sync = true
# A case that would build a huge value fails with NoMemoryError instead of
# taking the machine's memory.
Process.setrlimit(Process::RLIMIT_AS, 2 << 30)
LIMITS = { render_length_limit: 1_000_000, render_score_limit: 1_000_000, assign_score_limit: 1_000_000 }.freeze

def answer(req)
  tpl = Liquid::Template.parse(req.fetch("template"), error_mode: :lax)
  tpl.resource_limits.render_length_limit = LIMITS[:render_length_limit]
  tpl.resource_limits.render_score_limit = LIMITS[:render_score_limit]
  tpl.resource_limits.assign_score_limit = LIMITS[:assign_score_limit]
  out = Timeout.timeout(5) { tpl.render!(req["data"] || {}) }
  { "output" => Base64.strict_encode64(out.to_s.b) }
rescue Timeout::Error
  { "error" => "Timeout" }
rescue StandardError, SystemStackError, NoMemoryError => e
  { "error" => "#{e.class}: #{e.message}".scrub("?") }
end

$stdin.each_line do |line|
  reply =
    begin
      answer(JSON.parse(line))
    rescue JSON::ParserError => e
      { "error" => "bad request: #{e.message}".scrub("?") }
    end
  puts JSON.generate(reply)
end
